import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import type { QuizQuestionRow, QuizRow } from '../db/rows';
import { all, one } from '../db/query';
import { fail } from '../lib/failure';
import { kst } from '../lib/time';
import { CERTIFICATE_RULE } from '../../rules/certificate';
import { recordAudit } from './audit';
import { classInScope, nextId, type Author } from './classAuthoring';

/**
 * A class's certificate rules as the console writes them (issue 38): its quiz (questions, options, answers, scores,
 * pass score, time limit, the progress it opens at) and the share of its videos the certificate needs.
 *
 * What members did is never rewritten. A quiz version that any member has started (a draft) or taken keeps its
 * grading as it was: a change of its questions, options, answers, scores, pass score or time limit makes a new
 * version and retires the old one, whose questions and results stay as they were (server/handlers/quiz.ts reads a
 * recorded attempt with its own version's questions, counts a pass and the day's attempts across versions, and
 * refuses answers to a retired version). A version nobody has started is changed in place.
 */
type Rules = components['schemas']['AdminCertificateRules'];
type RulesInput = components['schemas']['AdminCertificateRulesInput'];
type QuizInput = components['schemas']['AdminQuizInput'];
export type QuizChange = components['schemas']['AdminCertificateRulesSaved']['quizchange'];

export const NO_QUESTIONS = '문항을 1개 이상 입력해주세요.';
export const fewOptions = (n: number) => `${n}번 문항의 보기는 2개 이상이어야 합니다.`;
export const answerOutside = (n: number) => `${n}번 문항의 정답은 보기 중 하나여야 합니다.`;
export const scoresNot100 = (total: number) => `문항 배점의 합이 100점이어야 합니다. (지금 ${total}점)`;
export const OPENS_AFTER_CERTIFICATE = '퀴즈 응시 진도율은 수료 진도율보다 클 수 없습니다.';

/** Every version's questions are scored out of this, and a pass score is at most it. */
const TOTAL_SCORE = 100;

/** The rules of a class as the console edits them; the caller has checked the class exists and is in scope. */
export async function readCertificateRules(db: Db, contentsid: number): Promise<Rules> {
  const cls = await one(db, sql<{ certificate_progress: number }>`select certificate_progress from lectures where contentsid = ${contentsid}`);
  const quiz = await one(db, sql<QuizRow>`select * from quizzes where contentsid = ${contentsid} and retired_at is null`);
  if (!quiz) return { contentsid, certificateprogress: cls?.certificate_progress ?? CERTIFICATE_RULE.certificateProgress, quiz: null };
  const [questions, counts] = await Promise.all([
    all(db, sql<QuizQuestionRow>`select * from quiz_questions where quizid = ${quiz.quizid} order by sort, questionid`),
    one(
      db,
      sql<{ takers: number; versions: number }>`select
        (select count(distinct useruid)::int from quiz_results where quizid = ${quiz.quizid}) as takers,
        (select count(*)::int from quizzes where contentsid = ${contentsid}) as versions`,
    ),
  ]);
  return {
    contentsid,
    certificateprogress: cls?.certificate_progress ?? CERTIFICATE_RULE.certificateProgress,
    quiz: {
      quizid: quiz.quizid,
      title: quiz.title,
      passscore: quiz.pass_score,
      timelimit: quiz.time_limit_min,
      requiredprogress: quiz.required_progress,
      questions: questions.map((q) => ({
        questionid: q.questionid,
        text: q.question,
        options: JSON.parse(q.options) as string[],
        answer: q.answer,
        score: q.score,
      })),
      takers: counts?.takers ?? 0,
      versions: counts?.versions ?? 1,
    },
  };
}

/** What the schema cannot say: options per question, the answer among them, scores adding up, the two progresses. */
function checkRules(input: RulesInput): void {
  const quiz = input.quiz;
  if (!quiz) return;
  if (quiz.questions.length === 0) fail(400, NO_QUESTIONS);
  for (const [i, q] of quiz.questions.entries()) {
    if (q.options.length < 2) fail(400, fewOptions(i + 1));
    if (q.answer >= q.options.length) fail(400, answerOutside(i + 1));
  }
  const total = quiz.questions.reduce((sum, q) => sum + q.score, 0);
  if (total !== TOTAL_SCORE) fail(400, scoresNot100(total));
  if (quiz.requiredprogress > input.certificateprogress) fail(400, OPENS_AFTER_CERTIFICATE);
}

/** A question as stored and as compared: text and options trimmed. */
const questionOf = (q: QuizInput['questions'][number]) => ({
  text: q.text.trim() || q.text,
  options: q.options.map((o) => o.trim() || o),
  answer: q.answer,
  score: q.score,
});

/** Everything that decides a member's result: a change of any of it, once members started, is a new version. */
const gradingOf = (q: { passscore: number; timelimit: number; questions: QuizInput['questions'] }) =>
  JSON.stringify([q.passscore, q.timelimit, q.questions.map(questionOf)]);

async function insertQuestions(tx: Db, quizid: number, questions: QuizInput['questions']): Promise<void> {
  for (const [i, raw] of questions.entries()) {
    const q = questionOf(raw);
    const id = await nextId(tx, 'quiz_questions');
    await sql`insert into quiz_questions (questionid, quizid, question, options, answer, score, sort)
      values (${id}, ${quizid}, ${q.text}, ${JSON.stringify(q.options)}, ${q.answer}, ${q.score}, ${i + 1})`.execute(tx);
  }
}

async function insertQuiz(tx: Db, contentsid: number, quiz: QuizInput): Promise<void> {
  const id = await nextId(tx, 'quizzes');
  await sql`insert into quizzes (quizid, contentsid, title, pass_score, time_limit_min, required_progress)
    values (${id}, ${contentsid}, ${quiz.title.trim() || quiz.title}, ${quiz.passscore}, ${quiz.timelimit}, ${quiz.requiredprogress})`.execute(tx);
  await insertQuestions(tx, id, quiz.questions);
}

const retire = (tx: Db, quizid: number) => sql`update quizzes set retired_at = ${kst()} where quizid = ${quizid}`.execute(tx);

/** What the audit trail keeps: the rules without the answer key's text. */
const trail = (r: Rules) => ({
  certificateprogress: r.certificateprogress,
  quiz: r.quiz && {
    quizid: r.quiz.quizid,
    title: r.quiz.title,
    passscore: r.quiz.passscore,
    timelimit: r.quiz.timelimit,
    requiredprogress: r.quiz.requiredprogress,
    questions: r.quiz.questions.length,
    takers: r.quiz.takers,
  },
});

/**
 * Sets a class's rules in one transaction that locks the class row first (two editors take turns; a member's
 * submit may still land on the version it answered, which then keeps it). Appends one audit entry.
 */
export async function saveCertificateRules(
  db: Db,
  author: Author,
  contentsid: number,
  input: RulesInput,
): Promise<Rules & { quizchange: QuizChange }> {
  return db.transaction().execute(async (tx) => {
    await classInScope(tx, author, contentsid, true);
    checkRules(input);
    const before = await readCertificateRules(tx, contentsid);
    if (input.certificateprogress !== before.certificateprogress) {
      await sql`update lectures set certificate_progress = ${input.certificateprogress} where contentsid = ${contentsid}`.execute(tx);
    }
    const now = before.quiz;
    const next = input.quiz;
    let quizchange: QuizChange = 'none';
    if (!next) {
      if (now && now.takers > 0) {
        await retire(tx, now.quizid);
        quizchange = 'retired';
      } else if (now) {
        await sql`delete from quiz_questions where quizid = ${now.quizid}`.execute(tx);
        await sql`delete from quizzes where quizid = ${now.quizid}`.execute(tx);
        quizchange = 'removed';
      }
    } else if (!now) {
      await insertQuiz(tx, contentsid, next);
      quizchange = 'created';
    } else {
      const sameGrading = gradingOf(now) === gradingOf(next);
      const title = next.title.trim() || next.title;
      if (!sameGrading && now.takers > 0) {
        await retire(tx, now.quizid);
        await insertQuiz(tx, contentsid, next);
        quizchange = 'versioned';
      } else if (!sameGrading || title !== now.title || next.requiredprogress !== now.requiredprogress) {
        await sql`update quizzes set title = ${title}, pass_score = ${next.passscore}, time_limit_min = ${next.timelimit},
            required_progress = ${next.requiredprogress}
          where quizid = ${now.quizid}`.execute(tx);
        if (!sameGrading) {
          await sql`delete from quiz_questions where quizid = ${now.quizid}`.execute(tx);
          await insertQuestions(tx, now.quizid, next.questions);
        }
        quizchange = 'updated';
      }
    }
    const after = await readCertificateRules(tx, contentsid);
    await recordAudit(tx, author, {
      operation: 'updateAdminCertificateRules',
      objectType: 'class',
      objectId: contentsid,
      before: trail(before),
      after: { ...trail(after), quizchange },
    });
    return { ...after, quizchange };
  });
}
