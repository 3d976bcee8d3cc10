import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_MESSAGES,
  certificateFormOf,
  changesGrading,
  checkCertificateForm,
  moveQuestion,
  newQuestion,
  withoutOption,
  type CertificateFormValues,
} from './certificateFields';

const stored = {
  contentsid: 101,
  certificateprogress: 100,
  quiz: {
    quizid: 101,
    title: '매트 수료 퀴즈',
    passscore: 60,
    timelimit: 20,
    requiredprogress: 50,
    takers: 3,
    versions: 1,
    questions: [
      { questionid: 1011, text: '호흡은?', options: ['흉식', '복식'], answer: 0, score: 40 },
      { questionid: 1012, text: '골반은?', options: ['중립', '후방', '전방'], answer: 2, score: 60 },
    ],
  },
};
const form = (): CertificateFormValues => certificateFormOf(stored, '매트');

describe('the certificate rules form', () => {
  it('sends numbers and trimmed text, the answer as the option\'s index', () => {
    const v = form();
    v.questions[0] = { ...v.questions[0]!, text: ' 호흡은? ', options: [' 흉식 ', '복식'] };
    v.passscore = ' 70 ';
    expect(checkCertificateForm(v).input).toEqual({
      certificateprogress: 100,
      quiz: {
        title: '매트 수료 퀴즈',
        passscore: 70,
        timelimit: 20,
        requiredprogress: 50,
        questions: [
          { text: '호흡은?', options: ['흉식', '복식'], answer: 0, score: 40 },
          { text: '골반은?', options: ['중립', '후방', '전방'], answer: 2, score: 60 },
        ],
      },
    });
  });

  it('says every problem at once, each beside its question, in the server\'s words', () => {
    const v = form();
    v.questions = [
      { ...v.questions[0]!, options: ['흉식'], answer: -1 },
      { ...v.questions[1]!, text: ' ', options: ['중립', ''], score: '0' },
    ];
    v.requiredprogress = '90';
    v.certificateprogress = '80';
    expect(checkCertificateForm(v).errors).toEqual({
      'q0.options': CERTIFICATE_MESSAGES.fewOptions(1),
      'q0.answer': CERTIFICATE_MESSAGES.answer(1),
      'q1.text': CERTIFICATE_MESSAGES.text(2),
      'q1.options': CERTIFICATE_MESSAGES.emptyOption(2),
      // Its answer was the third option, which is gone.
      'q1.answer': CERTIFICATE_MESSAGES.answer(2),
      'q1.score': CERTIFICATE_MESSAGES.score(2),
      questions: '문항 배점의 합이 100점이어야 합니다. (지금 40점)',
      requiredprogress: '퀴즈 응시 진도율은 수료 진도율보다 클 수 없습니다.',
    });
    expect(checkCertificateForm({ ...form(), questions: [] }).errors).toEqual({ questions: CERTIFICATE_MESSAGES.noQuestion });
    expect(checkCertificateForm({ ...form(), passscore: '101', timelimit: '-1' }).errors).toEqual({
      passscore: CERTIFICATE_MESSAGES.passscore,
      timelimit: CERTIFICATE_MESSAGES.timelimit,
    });
  });

  it('without a quiz sends only the share, and a new quiz starts from the standard', () => {
    expect(checkCertificateForm({ ...form(), hasQuiz: false, questions: [] }).input).toEqual({ certificateprogress: 100, quiz: null });
    const fresh = certificateFormOf({ contentsid: 7, certificateprogress: 100, quiz: null }, '리포머');
    expect(fresh).toMatchObject({ hasQuiz: false, title: '리포머 수료 퀴즈', passscore: '60', timelimit: '20', requiredprogress: '50', questions: [] });
    // A new question gets the points still missing from 100.
    expect(newQuestion(form().questions.slice(0, 1))).toMatchObject({ options: ['', ''], answer: -1, score: '60' });
  });

  it('knows which changes grade members differently (a new version once members started)', () => {
    expect(changesGrading(form(), stored)).toBe(false);
    expect(changesGrading({ ...form(), title: '새 제목', requiredprogress: '40' }, stored)).toBe(false);
    expect(changesGrading({ ...form(), passscore: '80' }, stored)).toBe(true);
    const v = form();
    v.questions[1] = { ...v.questions[1]!, answer: 1 };
    expect(changesGrading(v, stored)).toBe(true);
    expect(changesGrading({ ...form(), questions: moveQuestion(form().questions, 0, 1) }, stored)).toBe(true);
  });

  it('moves questions and drops options with their answer following', () => {
    const qs = form().questions;
    expect(moveQuestion(qs, 0, -1).map((q) => q.text)).toEqual(['호흡은?', '골반은?']);
    expect(moveQuestion(qs, 0, 1).map((q) => q.text)).toEqual(['골반은?', '호흡은?']);
    expect(withoutOption(qs[1]!, 0)).toMatchObject({ options: ['후방', '전방'], answer: 1 });
    expect(withoutOption(qs[1]!, 2)).toMatchObject({ options: ['중립', '후방'], answer: -1 });
  });
});
