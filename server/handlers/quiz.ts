import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { QuizQuestionRow, QuizResultRow, QuizRow } from '../db/rows';
import { all, one } from '../db/query';
import { iso, isoOrNull, kst } from '../lib/time';
import { fail } from '../lib/failure';
import { ownUser } from '../domain/access';
import { ownsClassNow } from '../domain/ownership';
import { certificateNumber } from '../domain/certificates';
import { progressOf } from '../domain/videos';
import { ok, type Handlers, type OpCtx } from '../openapi/typed';
import { writes, uncachedRead, type CacheTable } from '../openapi/cacheTags';

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

interface Answer {
  questionid: number;
  choice: number;
}

/** The server alone decides who may sit the quiz: an active enrolment and enough progress. */
async function availability(db: Db, me: string, quiz: QuizRow): Promise<Availability> {
  const progress = await progressOf(db, me, quiz.contentsid);
  if (!(await ownsClassNow(db, me, quiz.contentsid))) return { available: false, reason: NOT_ENROLLED, progress };
  if (progress < quiz.required_progress) return { available: false, reason: notYet(quiz.required_progress, progress), progress };
  return { available: true, reason: null, progress };
}

/** Stored answers: `[{questionid, choice}]`, or the seed's older positional `[choice, …]`. */
function storedChoices(text: string, questions: QuizQuestionRow[]): Map<number | undefined, number> {
  const list = JSON.parse(text) as (number | Answer)[];
  return new Map(list.map((a, i) => (typeof a === 'number' ? [questions[i]?.questionid, a] : [a.questionid, a.choice])));
}

/** Only choices that exist for this quiz are kept: a body cannot smuggle anything else into the record. */
function cleanAnswers(answers: readonly Answer[], questions: QuizQuestionRow[]): Answer[] {
  const byId = new Map(questions.map((q) => [q.questionid, (JSON.parse(q.options) as string[]).length]));
  const seen = new Map<number, number>();
  for (const a of answers) {
    const count = byId.get(a.questionid);
    if (count !== undefined && a.choice < count) seen.set(a.questionid, a.choice);
  }
  return [...seen].map(([questionid, choice]) => ({ questionid, choice }));
}

const questionsOf = (db: Db, quizid: number) =>
  all(db, sql<QuizQuestionRow>`select * from quiz_questions where quizid = ${quizid} order by sort`);

async function quizOf(ctx: OpCtx<'saveQuizDraft'> | OpCtx<'scoreQuizRecorded'>): Promise<QuizRow> {
  const quiz = await one(
    ctx.s.db,
    sql<QuizRow>`select * from quizzes where quizid = ${ctx.body.quizid} and contentsid = ${ctx.body.contentsid}`,
  );
  return quiz ?? fail(404, NO_QUIZ);
}

async function openToAnswer(db: Db, me: string, quiz: QuizRow): Promise<void> {
  if (await one(db, sql`select 1 from quiz_results where quizid = ${quiz.quizid} and useruid = ${me} and passed`))
    fail(409, ALREADY_PASSED);
  const a = await availability(db, me, quiz);
  if (!a.available) fail(409, a.reason!);
}

const LATE_GRACE_MIN = 2;
const storedChoicesList = (text: string) =>
  (JSON.parse(text) as (number | Answer)[]).filter((a): a is Answer => typeof a === 'object');

const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

/** A class's quiz: questions, a saved draft, recorded scoring, retakes, a passed attempt. */
export const quiz = {
  async getTest(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    const db = ctx.s.db;
    const { contentsid, isscoreid } = ctx.params;
    const q = await one(db, sql<QuizRow>`select * from quizzes where contentsid = ${contentsid} order by quizid limit 1`);
    if (!q) return fail(404, '이 강의에는 퀴즈가 없습니다.');
    const qs = await questionsOf(db, q.quizid);
    const attempt = isscoreid
      ? await one(
          db,
          sql<QuizResultRow>`select * from quiz_results where isscoreid = ${isscoreid} and useruid = ${me} and quizid = ${q.quizid}`,
        )
      : await one(db, sql<QuizResultRow>`select * from quiz_results where quizid = ${q.quizid} and useruid = ${me} and is_draft`);
    if (isscoreid && !attempt) return fail(404, '응시 기록을 찾을 수 없습니다.');
    const a = await availability(db, me, q);
    const choices = attempt ? storedChoices(attempt.answers, qs) : new Map<number | undefined, number>();
    // Never the correct answer: only the member's own choices travel before grading.
    const questions =
      a.available || (attempt && !attempt.is_draft)
        ? qs.map((x) => ({
            questionid: x.questionid,
            text: x.question,
            choices: JSON.parse(x.options) as string[],
            answer: choices.get(x.questionid) ?? null,
          }))
        : [];
    return ok({
      quizid: q.quizid,
      contentsid: q.contentsid,
      title: q.title,
      passscore: q.pass_score,
      isscoreid: attempt?.isscoreid ?? 0,
      isdraft: !!attempt?.is_draft,
      ...a,
      requiredprogress: q.required_progress,
      timelimit: q.time_limit_min > 0 ? q.time_limit_min : null,
      startedat: attempt?.is_draft ? isoOrNull(attempt.started_at) : null,
      questions,
    });
  },

  async saveQuizDraft(ctx) {
    const me = ownUser(ctx, ctx.body.useruid);
    const db = ctx.s.db;
    const q = await quizOf(ctx);
    await openToAnswer(db, me, q);
    const answers = JSON.stringify(cleanAnswers(ctx.body.answers, await questionsOf(db, q.quizid)));
    const now = kst();
    const row = await one(
      db,
      sql<Pick<QuizResultRow, 'isscoreid' | 'started_at' | 'created_at'>>`insert into quiz_results
        (quizid, useruid, contentsid, score, passed, answers, created_at, is_draft, started_at)
      values (${q.quizid}, ${me}, ${q.contentsid}, 0, false, ${answers}, ${now}, true, ${now})
      on conflict (quizid, useruid) where is_draft do update set answers = excluded.answers, created_at = excluded.created_at
      returning isscoreid, started_at, created_at`,
    );
    return ok(
      { quizid: q.quizid, isscoreid: row!.isscoreid, startedat: iso(row!.started_at!), savedat: iso(row!.created_at) },
      '임시 저장되었습니다.',
    );
  },

  async scoreQuizRecorded(ctx) {
    const me = ownUser(ctx, ctx.body.useruid);
    const q = await quizOf(ctx);
    const qs = await questionsOf(ctx.s.db, q.quizid);
    const draft = await one(
      ctx.s.db,
      sql<Pick<QuizResultRow, 'answers' | 'started_at'>>`select answers, started_at from quiz_results
        where quizid = ${q.quizid} and useruid = ${me} and is_draft`,
    );
    // Past the time limit (and a grace for the network), only what was saved in time counts.
    const late =
      draft?.started_at &&
      q.time_limit_min > 0 &&
      kst() > kst(new Date(Date.parse(iso(draft.started_at)) + (q.time_limit_min + LATE_GRACE_MIN) * 60_000));
    const answers = cleanAnswers(late ? storedChoicesList(draft.answers) : ctx.body.answers, qs);
    const chosen = new Map(answers.map((a) => [a.questionid, a.choice]));
    const graded = qs.map((x) => ({
      questionid: x.questionid,
      choice: chosen.get(x.questionid) ?? null,
      correct: x.answer,
      iscorrect: chosen.get(x.questionid) === x.answer,
    }));
    const total = qs.reduce((a, x) => a + x.score, 0);
    const got = qs.reduce((a, x, i) => a + (graded[i]!.iscorrect ? x.score : 0), 0);
    const score = total ? Math.round((got / total) * 100) : 0;
    const passed = score >= q.pass_score;
    let isscoreid: number;
    try {
      isscoreid = await ctx.s.db.transaction().execute(async (tx) => {
        // Two submits of one member queue on the enrolment row; the unique pass index is the last word.
        await sql`select 1 from enrollments where useruid = ${me} and contentsid = ${q.contentsid} for update`.execute(tx);
        await openToAnswer(tx, me, q);
        const now = kst();
        const row =
          (await one(
            tx,
            sql<{ isscoreid: number }>`update quiz_results set is_draft = false, score = ${score}, passed = ${passed},
              answers = ${JSON.stringify(answers)}, created_at = ${now}
            where quizid = ${q.quizid} and useruid = ${me} and is_draft returning isscoreid`,
          )) ??
          (await one(
            tx,
            sql<{ isscoreid: number }>`insert into quiz_results (quizid, useruid, contentsid, score, passed, answers, created_at)
              values (${q.quizid}, ${me}, ${q.contentsid}, ${score}, ${passed}, ${JSON.stringify(answers)}, ${now}) returning isscoreid`,
          ));
        if (passed) {
          await sql`update enrollments set completed_at = coalesce(completed_at, ${now})
            where useruid = ${me} and contentsid = ${q.contentsid}`.execute(tx);
          const e = await one(
            tx,
            sql<{
              completed_at: string;
            }>`select completed_at from enrollments where useruid = ${me} and contentsid = ${q.contentsid}`,
          );
          await certificateNumber(tx, me, q.contentsid, e!.completed_at);
        }
        return row!.isscoreid;
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
        quizid: q.quizid,
        score,
        passscore: q.pass_score,
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
    const rows = await all(
      ctx.s.db,
      sql<QuizResultRow>`select * from quiz_results where quizid = ${ctx.params.quizid} and useruid = ${me} and not is_draft
        order by isscoreid desc`,
    );
    const passed = rows.some((r) => r.passed);
    return ok(
      { canretake: !passed, attemptcnt: rows.length, maxattempt: null, lastscore: rows[0]?.score ?? null, ispassed: passed },
      passed ? ALREADY_PASSED : '',
    );
  },

  async existsPassScoreid(ctx) {
    const b = ctx.body;
    const me = ownUser(ctx, b.useruid);
    const quizid = b.quizid ?? null;
    const r = await one(
      ctx.s.db,
      sql<QuizResultRow>`select * from quiz_results where useruid = ${me} and contentsid = ${b.contentsid} and passed
        and (${quizid}::int is null or quizid = ${quizid}) order by score desc limit 1`,
    );
    return ok({ exists: !!r, isscoreid: r?.isscoreid ?? null, score: r?.score ?? null });
  },
} satisfies Partial<Handlers>;

/** What each operation reads or writes, for the catalogue cache (server/openapi/cacheTags.ts). */
export const quizCache = {
  getTest: uncachedRead,
  saveQuizDraft: writes(['quiz_results']),
  scoreQuizRecorded: writes(['quiz_results', 'enrollments', 'certificates']),
  isRetakeQuiz: uncachedRead,
  existsPassScoreid: uncachedRead,
} satisfies CacheTable<typeof quiz>;
