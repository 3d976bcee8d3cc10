// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { quizMachine, type QuizContext, type QuizResult } from '../../../machines/quiz';
import { demoQuizTest } from '../../../machines/quizFixtures';
import { attemptLimitText } from '../../../rules/certificate';
import { QuizResultView } from './QuizResultView';

afterEach(cleanup);

const questions = [1, 2, 3, 4, 5].map((n) => ({
  questionid: 1010 + n,
  text: `${n}번 문항`,
  choices: ['가', '나', '다', '라'],
  answer: null,
}));
const test = demoQuizTest({ attemptsleft: 2, questions });
/** Per-question verdicts, as an older server sent them with a failed result: the screen must not use them. */
const verdicts = questions.map((q, i) => ({ questionid: q.questionid, choice: 0, correctchoice: null, iscorrect: i < 2 }));
const failed: QuizResult = {
  quizid: 101,
  score: 40,
  passscore: 60,
  ispassed: false,
  isscoreid: 9,
  correctcnt: 2,
  questioncnt: 5,
  results: verdicts,
};

function show(value: 'failed' | 'passed', context: Partial<QuizContext>) {
  const base = quizMachine.resolveState({ value: 'loading', context: {} as QuizContext }).context;
  const snapshot = quizMachine.resolveState({
    value,
    context: { ...base, contentsid: 101, useruid: 'u-demo-1', test, ...context },
  });
  const onRetake = vi.fn();
  render(
    <QuizResultView snapshot={snapshot} onRetake={onRetake}>
      <a href="/myCertificates">수료증 목록</a>
    </QuizResultView>,
  );
  return onRetake;
}

describe('the quiz result', () => {
  it('a failed attempt shows the score and how many were right, never which', () => {
    const onRetake = show('failed', { result: failed });
    expect(screen.getByText('아쉽지만 불합격입니다.')).toBeTruthy();
    expect(screen.getByText('점수 40점 (합격 기준 60점)')).toBeTruthy();
    expect(screen.getByText('5문항 중 2문항 정답')).toBeTruthy();
    expect(screen.getByText('어느 문항이 틀렸는지는 알려드리지 않습니다. 강의를 다시 보고 도전해주세요.')).toBeTruthy();
    const text = document.body.textContent!;
    // No question named, right or wrong (it listed "틀린 문항: 3, 4, 5번"), and no certificate link.
    expect(text).not.toMatch(/틀린 문항|맞힌 문항|정답:|\d+번/);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('오늘 남은 응시 횟수 2회 (하루 3회)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '다시 응시하기' }));
    expect(onRetake).toHaveBeenCalledTimes(1);
  });

  it("with the day's attempts spent it says when the quiz opens again, with no retake button", () => {
    show('failed', { result: failed, test: { ...test, attemptsleft: 0 } });
    expect(screen.getByRole('status').textContent).toBe(attemptLimitText(new Date()));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a pass before the last video says what is left; with every video complete it links the certificate', () => {
    const passed: QuizResult = { ...failed, score: 100, ispassed: true, correctcnt: 5, results: [] };
    show('passed', { result: passed });
    expect(screen.getByText('합격입니다! 남은 영상을 모두 시청하면 수료증이 발급됩니다.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    show('passed', { result: passed, test: { ...test, progress: 100 } });
    expect(screen.getByText('합격입니다! 수료증을 발급받을 수 있습니다.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '수료증 목록' })).toBeTruthy();
  });
});
