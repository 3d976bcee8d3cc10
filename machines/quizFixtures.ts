import type { QuizTest } from './quiz';

/** The demo class's quiz as GetTest answers it before 시작 (tests of the machine and of its screens start from it). */
export function demoQuizTest(overrides: Partial<QuizTest> = {}): QuizTest {
  return {
    quizid: 101,
    contentsid: 101,
    title: '매트 필라테스 수료 퀴즈',
    passscore: 60,
    isscoreid: 0,
    isdraft: false,
    available: true,
    reason: null,
    progress: 50,
    attemptsleft: 3,
    requiredprogress: 50,
    certificateprogress: 100,
    timelimit: 20,
    startedat: null,
    // A timed test shows no question before 시작 (the server sends them to a started attempt only).
    questions: [],
    ...overrides,
  };
}
