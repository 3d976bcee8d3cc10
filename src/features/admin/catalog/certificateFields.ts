import { z } from 'zod';
import type { AdminCertificateRules, AdminCertificateRulesInput, AdminQuizInput } from '../../../api/queries/admin-catalog-certificate';

/** One question as the form holds it: text as typed; `key` keeps React's row while questions move. */
export interface QuestionDraft {
  key: string;
  text: string;
  options: string[];
  /** The correct option's index, or -1 while none is chosen. */
  answer: number;
  score: string;
}

export interface CertificateFormValues {
  certificateprogress: string;
  hasQuiz: boolean;
  title: string;
  passscore: string;
  timelimit: string;
  requiredprogress: string;
  questions: QuestionDraft[];
}

/** Messages beside the fields: top-level by name, a question's as `q<index>.<field>`. */
export type CertificateErrors = Partial<Record<string, string>>;

export const MAX_QUESTIONS = 50;
export const MAX_OPTIONS = 6;
/** Every quiz is scored out of 100 (the store's pass score is of 100). */
export const TOTAL_SCORE = 100;

export const CERTIFICATE_MESSAGES = {
  certificateprogress: '수료 진도율은 1에서 100 사이의 숫자로 입력해주세요.',
  title: '퀴즈 제목을 입력해주세요.',
  titleTooLong: '퀴즈 제목은 100자까지 입력할 수 있습니다.',
  passscore: '합격 점수는 1점부터 100점 사이로 입력해주세요.',
  timelimit: '제한 시간은 0(없음)부터 180분 사이로 입력해주세요.',
  requiredprogress: '응시 가능 진도율은 0에서 100 사이의 숫자로 입력해주세요.',
  opensAfterCertificate: '퀴즈 응시 진도율은 수료 진도율보다 클 수 없습니다.',
  noQuestion: '문항을 1개 이상 추가해주세요.',
  tooManyQuestions: `문항은 ${MAX_QUESTIONS}개까지 만들 수 있습니다.`,
  text: (n: number) => `${n}번 문항의 내용을 입력해주세요.`,
  textTooLong: (n: number) => `${n}번 문항은 500자까지 입력할 수 있습니다.`,
  emptyOption: (n: number) => `${n}번 문항의 빈 보기를 채우거나 지워주세요.`,
  optionTooLong: (n: number) => `${n}번 문항의 보기는 200자까지 입력할 수 있습니다.`,
  fewOptions: (n: number) => `${n}번 문항의 보기는 2개 이상이어야 합니다.`,
  answer: (n: number) => `${n}번 문항의 정답을 골라주세요.`,
  score: (n: number) => `${n}번 문항의 배점은 1점부터 100점 사이로 입력해주세요.`,
  scoresNot100: (total: number) => `문항 배점의 합이 100점이어야 합니다. (지금 ${total}점)`,
} as const;

const digits = (s: string) => s.replace(/[\s,]/g, '');
/** A whole number typed as text, within [min, max], or undefined. */
function wholeIn(text: string, min: number, max: number): number | undefined {
  const s = digits(text);
  if (!/^\d+$/.test(s)) return undefined;
  const n = Number(s);
  return n >= min && n <= max ? n : undefined;
}
const whole = (min: number, max: number, message: string) =>
  z.string().refine((s) => wholeIn(s, min, max) !== undefined, { message }).transform((s) => Number(digits(s)));

const quizFields = z.object({
  title: z.string().trim().min(1, CERTIFICATE_MESSAGES.title).max(100, CERTIFICATE_MESSAGES.titleTooLong),
  passscore: whole(1, 100, CERTIFICATE_MESSAGES.passscore),
  timelimit: whole(0, 180, CERTIFICATE_MESSAGES.timelimit),
  requiredprogress: whole(0, 100, CERTIFICATE_MESSAGES.requiredprogress),
});

/** A question's own messages (numbered as the form shows it), and the question as sent when it has none. */
function checkQuestion(q: QuestionDraft, i: number, errors: CertificateErrors): AdminQuizInput['questions'][number] | undefined {
  const n = i + 1;
  const at = (field: string, message: string) => {
    errors[`q${i}.${field}`] ??= message;
  };
  const text = q.text.trim();
  if (!text) at('text', CERTIFICATE_MESSAGES.text(n));
  else if (text.length > 500) at('text', CERTIFICATE_MESSAGES.textTooLong(n));
  const options = q.options.map((o) => o.trim());
  if (options.some((o) => !o)) at('options', CERTIFICATE_MESSAGES.emptyOption(n));
  else if (options.some((o) => o.length > 200)) at('options', CERTIFICATE_MESSAGES.optionTooLong(n));
  else if (options.length < 2) at('options', CERTIFICATE_MESSAGES.fewOptions(n));
  if (q.answer < 0 || q.answer >= options.length) at('answer', CERTIFICATE_MESSAGES.answer(n));
  const score = wholeIn(q.score, 1, 100);
  if (score === undefined) at('score', CERTIFICATE_MESSAGES.score(n));
  const mine = Object.keys(errors).some((k) => k.startsWith(`q${i}.`));
  return mine || score === undefined ? undefined : { text, options, answer: q.answer, score };
}

/** The questions' scores as typed, added up (a field that is not a number counts 0). */
export const scoreTotal = (questions: readonly QuestionDraft[]) => questions.reduce((sum, q) => sum + (wholeIn(q.score, 0, 100) ?? 0), 0);

/** The form checked as the server will check it: the body to send, or every message at once. */
export function checkCertificateForm(values: CertificateFormValues): { input: AdminCertificateRulesInput; errors?: undefined } | { input?: undefined; errors: CertificateErrors } {
  const errors: CertificateErrors = {};
  const certificateprogress = wholeIn(values.certificateprogress, 1, 100);
  if (certificateprogress === undefined) errors.certificateprogress = CERTIFICATE_MESSAGES.certificateprogress;
  if (!values.hasQuiz) return certificateprogress === undefined ? { errors } : { input: { certificateprogress, quiz: null } };

  const fields = quizFields.safeParse(values);
  if (!fields.success) for (const issue of fields.error.issues) errors[String(issue.path[0])] ??= issue.message;
  if (values.questions.length === 0) errors.questions = CERTIFICATE_MESSAGES.noQuestion;
  else if (values.questions.length > MAX_QUESTIONS) errors.questions = CERTIFICATE_MESSAGES.tooManyQuestions;
  const questions = values.questions.map((q, i) => checkQuestion(q, i, errors));
  const total = scoreTotal(values.questions);
  if (!errors.questions && values.questions.length > 0 && total !== TOTAL_SCORE) errors.questions = CERTIFICATE_MESSAGES.scoresNot100(total);
  const opens = wholeIn(values.requiredprogress, 0, 100);
  if (!errors.requiredprogress && certificateprogress !== undefined && opens !== undefined && opens > certificateprogress)
    errors.requiredprogress = CERTIFICATE_MESSAGES.opensAfterCertificate;

  if (Object.keys(errors).length > 0 || !fields.success || certificateprogress === undefined) return { errors };
  return {
    input: {
      certificateprogress,
      quiz: { ...fields.data, questions: questions.filter((q): q is AdminQuizInput['questions'][number] => !!q) },
    },
  };
}

let keySeed = 0;
const nextKey = () => `q${++keySeed}`;

/** A new question: two empty options, no answer chosen, the points the total still lacks (at least 1). */
export function newQuestion(questions: readonly QuestionDraft[]): QuestionDraft {
  const left = TOTAL_SCORE - scoreTotal(questions);
  return { key: nextKey(), text: '', options: ['', ''], answer: -1, score: String(Math.max(1, Math.min(100, left))) };
}

/** The standard a new quiz starts from (rules/certificate.ts via the server's defaults). */
const NEW_QUIZ = { passscore: '60', timelimit: '20', requiredprogress: '50' };

/** The stored rules as the form shows them. */
export function certificateFormOf(r: AdminCertificateRules, classTitle: string): CertificateFormValues {
  const q = r.quiz;
  return {
    certificateprogress: String(r.certificateprogress),
    hasQuiz: !!q,
    title: q?.title ?? `${classTitle} 수료 퀴즈`,
    passscore: q ? String(q.passscore) : NEW_QUIZ.passscore,
    timelimit: q ? String(q.timelimit) : NEW_QUIZ.timelimit,
    requiredprogress: q ? String(q.requiredprogress) : NEW_QUIZ.requiredprogress,
    questions: q
      ? q.questions.map((x) => ({ key: `s${x.questionid}`, text: x.text, options: [...x.options], answer: x.answer, score: String(x.score) }))
      : [],
  };
}

/**
 * Whether saving `values` over the stored quiz changes what grades a member (questions, options, answers, scores,
 * pass score, time limit): with members who started it, the server then makes a new version.
 */
export function changesGrading(values: CertificateFormValues, saved: AdminCertificateRules): boolean {
  const q = saved.quiz;
  if (!q || !values.hasQuiz) return false;
  const typed = JSON.stringify([
    digits(values.passscore),
    digits(values.timelimit),
    values.questions.map((x) => [x.text.trim(), x.options.map((o) => o.trim()), x.answer, digits(x.score)]),
  ]);
  const stored = JSON.stringify([String(q.passscore), String(q.timelimit), q.questions.map((x) => [x.text, x.options, x.answer, String(x.score)])]);
  return typed !== stored;
}

/** Moves question `i` by `dir` (-1 up, 1 down); the same list at an end. */
export function moveQuestion(questions: readonly QuestionDraft[], i: number, dir: -1 | 1): QuestionDraft[] {
  const j = i + dir;
  if (j < 0 || j >= questions.length) return [...questions];
  const next = [...questions];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

/** Removes option `o` of a question; the answer follows its option (or is cleared with it). */
export function withoutOption(q: QuestionDraft, o: number): QuestionDraft {
  const options = q.options.filter((_, k) => k !== o);
  const answer = q.answer === o ? -1 : q.answer > o ? q.answer - 1 : q.answer;
  return { ...q, options, answer };
}
