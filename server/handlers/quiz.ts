import { sql } from 'kysely';
import type { QuizQuestionRow, QuizResultRow, QuizRow } from '../db/rows';
import { all, one } from '../db/query';
import { kst } from '../time';
import { fail } from './context';
import { ownUser } from './access';
import { ok, type Handlers, type OpCtx, type Reply } from './typed';

const NO_QUIZ = '퀴즈를 찾을 수 없습니다.';

/** Scores a quiz; a recorded attempt is stored, and passing completes the class (its certificate). */
async function score(
  ctx: OpCtx<'scoreQuizPractice'> | OpCtx<'scoreQuizRecorded'>,
  record: boolean,
): Promise<Reply<'scoreQuizRecorded'>> {
  const b = ctx.body;
  const db = ctx.s.db;
  const me = ownUser(ctx, b.useruid);
  const quiz = await one(db, sql<QuizRow>`select * from quizzes where quizid = ${b.quizid} and contentsid = ${b.contentsid}`);
  if (!quiz) return fail(404, NO_QUIZ);
  if (record && (await one(db, sql`select 1 from quiz_results where quizid = ${b.quizid} and useruid = ${me} and passed`))) {
    return fail(409, '이미 합격한 퀴즈입니다.');
  }
  const qs = await all(db, sql<QuizQuestionRow>`select * from quiz_questions where quizid = ${b.quizid} order by sort`);
  const answers = new Map<number, number>(b.answers.map((a) => [a.questionid, a.choice]));
  const results = qs.map((q) => ({
    questionid: q.questionid,
    choice: answers.get(q.questionid) ?? null,
    correctchoice: q.answer,
    iscorrect: answers.get(q.questionid) === q.answer,
  }));
  const total = qs.reduce((a, q) => a + q.score, 0);
  const got = qs.reduce((a, q, i) => a + (results[i]!.iscorrect ? q.score : 0), 0);
  const pct = total ? Math.round((got / total) * 100) : 0;
  const passed = pct >= quiz.pass_score;
  let isscoreid = 0;
  if (record) {
    const r = await one(
      db,
      sql<{ isscoreid: number }>`insert into quiz_results (quizid, useruid, contentsid, score, passed, answers, created_at)
        values (${quiz.quizid}, ${me}, ${quiz.contentsid}, ${pct}, ${passed}, ${JSON.stringify(b.answers)}, ${kst()}) returning isscoreid`,
    );
    isscoreid = r!.isscoreid;
    if (passed) {
      await sql`update enrollments set completed_at = coalesce(completed_at, ${kst()})
        where useruid = ${me} and contentsid = ${quiz.contentsid}`.execute(db);
    }
  }
  return ok(
    {
      quizid: quiz.quizid,
      score: pct,
      passscore: quiz.pass_score,
      ispassed: passed,
      isscoreid,
      correctcnt: results.filter((r) => r.iscorrect).length,
      questioncnt: qs.length,
      results,
    },
    passed ? '합격입니다. 수료증을 발급받을 수 있습니다.' : '아쉽지만 불합격입니다. 다시 도전해주세요.',
  );
}

/** A class's quiz: questions, practice and recorded scoring, retakes, a passed attempt. */
export const quiz = {
  async getTest(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    const db = ctx.s.db;
    const { contentsid, isscoreid } = ctx.params;
    const q = await one(db, sql<QuizRow>`select * from quizzes where contentsid = ${contentsid} order by quizid limit 1`);
    if (!q) return fail(404, '이 강의에는 퀴즈가 없습니다.');
    const qs = await all(db, sql<QuizQuestionRow>`select * from quiz_questions where quizid = ${q.quizid} order by sort`);
    // With a recorded attempt id the answers are revealed (review of that attempt); otherwise hidden.
    const attempt = isscoreid
      ? await one(db, sql`select 1 from quiz_results where isscoreid = ${isscoreid} and useruid = ${me} and quizid = ${q.quizid}`)
      : undefined;
    if (isscoreid && !attempt) return fail(404, '응시 기록을 찾을 수 없습니다.');
    return ok({
      quizid: q.quizid,
      contentsid: q.contentsid,
      title: q.title,
      passscore: q.pass_score,
      isscoreid,
      questions: qs.map((x) => ({
        questionid: x.questionid,
        text: x.question,
        choices: JSON.parse(x.options) as string[],
        answer: attempt ? x.answer : null,
      })),
    });
  },
  scoreQuizPractice: (ctx) => score(ctx, false),
  scoreQuizRecorded: (ctx) => score(ctx, true),
  async isRetakeQuiz(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    if (!(await one(ctx.s.db, sql`select 1 from quizzes where quizid = ${ctx.params.quizid}`))) return fail(404, NO_QUIZ);
    const rows = await all(
      ctx.s.db,
      sql<QuizResultRow>`select * from quiz_results where quizid = ${ctx.params.quizid} and useruid = ${me} order by isscoreid desc`,
    );
    const passed = rows.some((r) => r.passed);
    return ok({
      canretake: !passed,
      attemptcnt: rows.length,
      maxattempt: null,
      lastscore: rows[0]?.score ?? null,
      ispassed: passed,
    });
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
