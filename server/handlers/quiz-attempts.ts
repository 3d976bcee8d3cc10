import { sql } from 'kysely';
import type { Db } from '../db/database';
import { fail, ok, type Ctx, type Handler } from './context';
import { ownsClass } from './access';
import { progressOf } from './learning';
import { certificateNumber } from './quiz-certificate';
import { iso, isoOrNull, one, ownUser } from './shared';
import { kst } from '../time';

const NO_QUIZ = '퀴즈를 찾을 수 없습니다.';
const ALREADY_PASSED = '이미 합격한 퀴즈입니다.';
const NOT_ENROLLED = '수강 중인 클래스에서만 응시할 수 있습니다.';
const notYet = (required: number, progress: number) =>
  `진도율 ${required}% 이상 수강하면 응시할 수 있습니다. (현재 ${progress}%)`;

interface Availability {
  available: boolean;
  reason: string | null;
  progress: number;
}

/** The server alone decides who may sit the quiz: an active enrolment and enough progress. */
async function availability(db: Db, me: string, quiz: any): Promise<Availability> {
  const progress = await progressOf(db, me, quiz.contentsid);
  if (!(await ownsClass(db, me, quiz.contentsid))) return { available: false, reason: NOT_ENROLLED, progress };
  if (progress < quiz.required_progress) return { available: false, reason: notYet(quiz.required_progress, progress), progress };
  return { available: true, reason: null, progress };
}

/** Stored answers: `[{questionid, choice}]`, or the seed's older positional `[choice, …]`. */
function storedChoices(text: string, questions: any[]): Map<number, number> {
  const list = JSON.parse(text) as unknown[];
  return new Map(
    list.map((a, i) => (typeof a === 'number' ? [questions[i]?.questionid, a] : [(a as any).questionid, (a as any).choice])),
  );
}

/** Only choices that exist for this quiz are kept: a body cannot smuggle anything else into the record. */
function cleanAnswers(body: any, questions: any[]) {
  const byId = new Map(questions.map((q) => [q.questionid, JSON.parse(q.options).length as number]));
  const seen = new Map<number, number>();
  for (const a of body.answers as { questionid: number; choice: number }[]) {
    const count = byId.get(a.questionid);
    if (count !== undefined && a.choice < count) seen.set(a.questionid, a.choice);
  }
  return [...seen].map(([questionid, choice]) => ({ questionid, choice }));
}

const questionsOf = async (db: Db, quizid: number) =>
  (await sql<any>`select * from quiz_questions where quizid = ${quizid} order by sort`.execute(db)).rows;

async function quizOf(ctx: Ctx) {
  const quiz = await one<any>(
    ctx.s.db,
    sql`select * from quizzes where quizid = ${ctx.body.quizid} and contentsid = ${ctx.body.contentsid}`,
  );
  return quiz ?? fail(404, NO_QUIZ);
}

async function openToAnswer(db: Db, me: string, quiz: any) {
  if (await one(db, sql`select 1 from quiz_results where quizid = ${quiz.quizid} and useruid = ${me} and passed`))
    fail(409, ALREADY_PASSED);
  const a = await availability(db, me, quiz);
  if (!a.available) fail(409, a.reason!);
}

const LATE_GRACE_MIN = 2;
const storedChoicesList = (text: string) =>
  (JSON.parse(text) as { questionid: number; choice: number }[]).filter((a) => typeof a === 'object');

const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

export const quizAttempts: Record<string, Handler> = {
  async getTest(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    const db = ctx.s.db;
    const quiz = await one<any>(
      db,
      sql`select * from quizzes where contentsid = ${ctx.params.contentsid} order by quizid limit 1`,
    );
    if (!quiz) return fail(404, '이 강의에는 퀴즈가 없습니다.');
    const qs = await questionsOf(db, quiz.quizid);
    const attempt = ctx.params.isscoreid
      ? await one<any>(
          db,
          sql`select * from quiz_results where isscoreid = ${ctx.params.isscoreid} and useruid = ${me} and quizid = ${quiz.quizid}`,
        )
      : await one<any>(db, sql`select * from quiz_results where quizid = ${quiz.quizid} and useruid = ${me} and is_draft`);
    if (ctx.params.isscoreid && !attempt) return fail(404, '응시 기록을 찾을 수 없습니다.');
    const a = await availability(db, me, quiz);
    const choices = attempt ? storedChoices(attempt.answers, qs) : new Map<number, number>();
    // Never the correct answer: only the member's own choices travel before grading.
    const questions =
      a.available || (attempt && !attempt.is_draft)
        ? qs.map((q) => ({
            questionid: q.questionid,
            text: q.question,
            choices: JSON.parse(q.options),
            answer: choices.get(q.questionid) ?? null,
          }))
        : [];
    return ok({
      quizid: quiz.quizid,
      contentsid: quiz.contentsid,
      title: quiz.title,
      passscore: quiz.pass_score,
      isscoreid: attempt?.isscoreid ?? 0,
      isdraft: !!attempt?.is_draft,
      ...a,
      requiredprogress: quiz.required_progress,
      timelimit: quiz.time_limit_min > 0 ? quiz.time_limit_min : null,
      startedat: attempt?.is_draft ? isoOrNull(attempt.started_at) : null,
      questions,
    });
  },

  async saveQuizDraft(ctx) {
    const me = ownUser(ctx, ctx.body.useruid);
    const db = ctx.s.db;
    const quiz = await quizOf(ctx);
    await openToAnswer(db, me, quiz);
    const answers = JSON.stringify(cleanAnswers(ctx.body, await questionsOf(db, quiz.quizid)));
    const now = kst();
    const row = await one<any>(
      db,
      sql`insert into quiz_results (quizid, useruid, contentsid, score, passed, answers, created_at, is_draft, started_at)
      values (${quiz.quizid}, ${me}, ${quiz.contentsid}, 0, false, ${answers}, ${now}, true, ${now})
      on conflict (quizid, useruid) where is_draft do update set answers = excluded.answers, created_at = excluded.created_at
      returning isscoreid, started_at, created_at`,
    );
    return ok(
      { quizid: quiz.quizid, isscoreid: row.isscoreid, startedat: iso(row.started_at), savedat: iso(row.created_at) },
      '임시 저장되었습니다.',
    );
  },

  async scoreQuizRecorded(ctx) {
    const me = ownUser(ctx, ctx.body.useruid);
    const quiz = await quizOf(ctx);
    const qs = await questionsOf(ctx.s.db, quiz.quizid);
    const draft = await one<any>(
      ctx.s.db,
      sql`select answers, started_at from quiz_results where quizid = ${quiz.quizid} and useruid = ${me} and is_draft`,
    );
    // Past the time limit (and a grace for the network), only what was saved in time counts.
    const late =
      draft?.started_at &&
      quiz.time_limit_min > 0 &&
      kst() > kst(new Date(Date.parse(iso(draft.started_at)) + (quiz.time_limit_min + LATE_GRACE_MIN) * 60_000));
    const answers = cleanAnswers(late ? { answers: storedChoicesList(draft.answers) } : ctx.body, qs);
    const chosen = new Map(answers.map((a) => [a.questionid, a.choice]));
    const graded = qs.map((q) => ({
      questionid: q.questionid,
      choice: chosen.get(q.questionid) ?? null,
      correct: q.answer as number,
      iscorrect: chosen.get(q.questionid) === q.answer,
    }));
    const total = qs.reduce((a, q) => a + q.score, 0);
    const got = qs.reduce((a, q, i) => a + (graded[i]!.iscorrect ? q.score : 0), 0);
    const score = total ? Math.round((got / total) * 100) : 0;
    const passed = score >= quiz.pass_score;
    let isscoreid: number;
    try {
      isscoreid = await ctx.s.db.transaction().execute(async (tx) => {
        // Two submits of one member queue on the enrolment row; the unique pass index is the last word.
        await sql`select 1 from enrollments where useruid = ${me} and contentsid = ${quiz.contentsid} for update`.execute(tx);
        await openToAnswer(tx, me, quiz);
        const now = kst();
        const row =
          (await one<any>(
            tx,
            sql`update quiz_results set is_draft = false, score = ${score}, passed = ${passed}, answers = ${JSON.stringify(answers)}, created_at = ${now}
            where quizid = ${quiz.quizid} and useruid = ${me} and is_draft returning isscoreid`,
          )) ??
          (await one<any>(
            tx,
            sql`insert into quiz_results (quizid, useruid, contentsid, score, passed, answers, created_at) values (${quiz.quizid}, ${me}, ${quiz.contentsid}, ${score}, ${passed}, ${JSON.stringify(answers)}, ${now}) returning isscoreid`,
          ));
        if (passed) {
          await sql`update enrollments set completed_at = coalesce(completed_at, ${now}) where useruid = ${me} and contentsid = ${quiz.contentsid}`.execute(
            tx,
          );
          const e = await one<any>(
            tx,
            sql`select completed_at from enrollments where useruid = ${me} and contentsid = ${quiz.contentsid}`,
          );
          await certificateNumber(tx, me, quiz.contentsid, e.completed_at);
        }
        return row.isscoreid as number;
      });
    } catch (e) {
      if (isUniqueViolation(e)) return fail(409, ALREADY_PASSED);
      throw e;
    }
    // A failed attempt learns which answers were wrong, not which were right: the retake stays a test.
    const results = graded.map((g) => ({
      questionid: g.questionid,
      choice: g.choice,
      correctchoice: passed ? g.correct : null,
      iscorrect: g.iscorrect,
    }));
    return ok(
      {
        quizid: quiz.quizid,
        score,
        passscore: quiz.pass_score,
        ispassed: passed,
        isscoreid,
        correctcnt: graded.filter((g) => g.iscorrect).length,
        questioncnt: qs.length,
        results,
      },
      passed ? '합격입니다. 수료증을 발급받을 수 있습니다.' : '아쉽지만 불합격입니다. 다시 도전해주세요.',
    );
  },

  async isRetakeQuiz(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    if (!(await one(ctx.s.db, sql`select 1 from quizzes where quizid = ${ctx.params.quizid}`))) return fail(404, NO_QUIZ);
    const rows = (
      await sql<any>`select * from quiz_results where quizid = ${ctx.params.quizid} and useruid = ${me} and not is_draft order by isscoreid desc`.execute(
        ctx.s.db,
      )
    ).rows;
    const passed = rows.some((r) => r.passed);
    return ok(
      { canretake: !passed, attemptcnt: rows.length, maxattempt: null, lastscore: rows[0]?.score ?? null, ispassed: passed },
      passed ? ALREADY_PASSED : '',
    );
  },

  async existsPassScoreid(ctx) {
    const me = ownUser(ctx, ctx.body.useruid);
    const r = await one<any>(
      ctx.s.db,
      sql`select * from quiz_results where useruid = ${me} and contentsid = ${ctx.body.contentsid} and passed and (${ctx.body.quizid ?? null}::int is null or quizid = ${ctx.body.quizid ?? null}) order by score desc limit 1`,
    );
    return ok({ exists: !!r, isscoreid: r?.isscoreid ?? null, score: r?.score ?? null });
  },
};
