import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { QuizQuestionRow, QuizResultRow, QuizRow } from '../db/rows';
import { all, one } from '../db/query';
import { iso, isoOrNull, kst } from '../lib/time';
import { fail } from '../lib/failure';
import { ownUser } from '../domain/access';
import { ownsClassNow } from '../domain/ownership';
import { certificateDueAt, certificateNumber } from '../domain/certificates';
import { progressOf } from '../domain/videos';
import { ok, type Handlers, type OpCtx } from '../openapi/typed';
import { writes, uncachedRead, type CacheTable } from '../openapi/cacheTags';
import {
  CERTIFICATE_RULE,
  attemptLimitText,
  kstDayStart,
  passes,
  quizOpen,
  type CertificateTerms,
} from '../../rules/certificate';

const NO_QUIZ = '퀴즈를 찾을 수 없습니다.';
const ALREADY_PASSED = '이미 합격한 퀴즈입니다.';
const NOT_ENROLLED = '수강 중인 클래스에서만 응시할 수 있습니다.';
const NOT_STARTED = '진행 중인 응시가 없습니다. 시작 버튼을 눌러 응시를 시작해주세요.';
const QUIZ_REPLACED = '퀴즈가 그 사이 수정되었습니다. 새로고침 후 새 퀴즈로 응시해주세요.';
const TIME_IS_UP = '제한 시간이 지나 답안을 더 저장할 수 없습니다. 제출하면 시간 안에 저장된 답안으로 채점됩니다.';
const notYet = (required: number, progress: number) =>
  `진도율 ${required}% 이상 수강하면 응시할 수 있습니다. (현재 ${progress}%)`;

interface Availability {
  available: boolean;
  reason: string | null;
  progress: number;
  attemptsleft: number;
}

interface Answer {
  questionid: number;
  choice: number;
}

/** A quiz with its class's certificate share (lectures.certificate_progress). */
type ClassQuiz = QuizRow & { certificate_progress: number };

/**
 * The certificate rule as this class applies it: its quiz's opening progress and pass score, its certificate share,
 * the rule's attempt limit.
 */
const termsOf = (quiz: ClassQuiz): CertificateTerms => ({
  quizOpensAt: quiz.required_progress,
  passScore: quiz.pass_score,
  attemptsPerDay: CERTIFICATE_RULE.attemptsPerDay,
  certificateProgress: quiz.certificate_progress,
});

const classQuizSql = (where: RawBuilder<unknown>) =>
  sql<ClassQuiz>`select q.*, l.certificate_progress from quizzes q join lectures l on l.contentsid = q.contentsid where ${where}`;

/** The class's current quiz: the one not retired by a change in the console (server/domain/certificateRules.ts). */
const currentQuiz = (db: Db, contentsid: number) => one(db, classQuizSql(sql`q.contentsid = ${contentsid} and q.retired_at is null`));

/**
 * Recorded attempts of the member at the class's quiz since 00:00 KST of `now`'s day (drafts are not attempts yet),
 * every version of it: a quiz changed in the console does not give a new day's attempts.
 */
async function attemptsToday(db: Db, me: string, contentsid: number, now: Date): Promise<number> {
  const r = await one(
    db,
    sql<{ n: number }>`select count(*)::int as n from quiz_results
      where useruid = ${me} and contentsid = ${contentsid} and not is_draft and created_at >= ${kst(kstDayStart(now))}`,
  );
  return r?.n ?? 0;
}

/** The member passed the class's quiz, in any of its versions. */
const passedClassQuiz = async (db: Db, me: string, contentsid: number) =>
  !!(await one(db, sql`select 1 from quiz_results where useruid = ${me} and contentsid = ${contentsid} and passed limit 1`));

/**
 * The server alone decides who may sit the quiz (rules/certificate.ts): an active enrolment, the required share of
 * the class's videos complete by the server's own flags, and an attempt left today.
 */
async function availability(db: Db, me: string, quiz: ClassQuiz, now = new Date()): Promise<Availability> {
  const terms = termsOf(quiz);
  const progress = await progressOf(db, me, quiz.contentsid);
  const attemptsleft = Math.max(0, terms.attemptsPerDay - (await attemptsToday(db, me, quiz.contentsid, now)));
  const closed = (reason: string) => ({ available: false, reason, progress, attemptsleft });
  if (!(await ownsClassNow(db, me, quiz.contentsid))) return closed(NOT_ENROLLED);
  if (!quizOpen(progress, terms)) return closed(notYet(quiz.required_progress, progress));
  if (attemptsleft === 0) return closed(attemptLimitText(now, terms));
  return { available: true, reason: null, progress, attemptsleft };
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

/** The quiz a body answers: its class's current one (a version retired while the member answered is 409). */
async function quizOf(ctx: OpCtx<'saveQuizDraft'> | OpCtx<'scoreQuizRecorded'>): Promise<ClassQuiz> {
  const quiz = await one(ctx.s.db, classQuizSql(sql`q.quizid = ${ctx.body.quizid} and q.contentsid = ${ctx.body.contentsid}`));
  if (!quiz) return fail(404, NO_QUIZ);
  if (quiz.retired_at) return fail(409, QUIZ_REPLACED);
  return quiz;
}

async function openToAnswer(db: Db, me: string, quiz: ClassQuiz): Promise<void> {
  if (await passedClassQuiz(db, me, quiz.contentsid)) fail(409, ALREADY_PASSED);
  const a = await availability(db, me, quiz);
  if (!a.available) fail(409, a.reason!);
}

const LATE_GRACE_MIN = 2;
/** Past the time limit of an attempt started at `startedAt`, with a grace for the network. */
const timeIsUp = (quiz: ClassQuiz, startedAt: string | null) =>
  !!startedAt &&
  quiz.time_limit_min > 0 &&
  kst() > kst(new Date(Date.parse(iso(startedAt)) + (quiz.time_limit_min + LATE_GRACE_MIN) * 60_000));
const storedChoicesList = (text: string) =>
  (JSON.parse(text) as (number | Answer)[]).filter((a): a is Answer => typeof a === 'object');

const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

/**
 * A class's quiz: questions, the start (the first draft save), recorded scoring, retakes, a passed attempt. An
 * attempt is one started draft, recorded once: a doubled submit finds it closed.
 */
export const quiz = {
  async getTest(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    const db = ctx.s.db;
    const { contentsid, isscoreid } = ctx.params;
    const current = await currentQuiz(db, contentsid);
    if (!current) return fail(404, '이 강의에는 퀴즈가 없습니다.');
    const attempt = isscoreid
      ? await one(
          db,
          sql<QuizResultRow>`select * from quiz_results where isscoreid = ${isscoreid} and useruid = ${me} and contentsid = ${contentsid}`,
        )
      : await one(db, sql<QuizResultRow>`select * from quiz_results where quizid = ${current.quizid} and useruid = ${me} and is_draft`);
    if (isscoreid && !attempt) return fail(404, '응시 기록을 찾을 수 없습니다.');
    // A recorded attempt shows the version the member answered (a quiz changed since keeps its questions); what may
    // be taken now is the current version's.
    const q =
      attempt && attempt.quizid !== current.quizid
        ? ((await one(db, classQuizSql(sql`q.quizid = ${attempt.quizid}`))) ?? current)
        : current;
    const qs = await questionsOf(db, q.quizid);
    const a = await availability(db, me, current);
    const choices = attempt ? storedChoices(attempt.answers, qs) : new Map<number | undefined, number>();
    // A timed quiz shows its questions only to a started attempt: the limit runs from 시작, so nothing is read
    // before it. A recorded attempt shows the member's own choices; neither ever carries the key or a verdict.
    const started = !!attempt?.is_draft || q.time_limit_min === 0;
    const questions =
      (a.available && started) || (attempt && !attempt.is_draft)
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
      certificateprogress: q.certificate_progress,
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
    const open = await one(
      db,
      sql<
        Pick<QuizResultRow, 'started_at'>
      >`select started_at from quiz_results where quizid = ${q.quizid} and useruid = ${me} and is_draft`,
    );
    // Answers saved after the limit would be graded as if in time (a late submit is graded on the draft).
    if (open && timeIsUp(q, open.started_at)) return fail(409, TIME_IS_UP);
    const answers = JSON.stringify(cleanAnswers(ctx.body.answers, await questionsOf(db, q.quizid)));
    const now = kst();
    // The first save is the start (the 시작 button saves an empty list): `started_at` is set once, here. An empty list
    // never erases saved answers: 시작 pressed again, or on a second device, resumes the attempt.
    const row = await one(
      db,
      sql<Pick<QuizResultRow, 'isscoreid' | 'started_at' | 'created_at'>>`insert into quiz_results
        (quizid, useruid, contentsid, score, passed, answers, created_at, is_draft, started_at)
      values (${q.quizid}, ${me}, ${q.contentsid}, 0, false, ${answers}, ${now}, true, ${now})
      on conflict (quizid, useruid) where is_draft do update
        set answers = case when excluded.answers = '[]' then quiz_results.answers else excluded.answers end,
          created_at = excluded.created_at
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
    const late = !!draft && timeIsUp(q, draft.started_at);
    const answers = cleanAnswers(late ? storedChoicesList(draft.answers) : ctx.body.answers, qs);
    const chosen = new Map(answers.map((a) => [a.questionid, a.choice]));
    const graded = qs.map((x) => ({
      questionid: x.questionid,
      choice: chosen.get(x.questionid) ?? null,
      correctchoice: x.answer,
      iscorrect: chosen.get(x.questionid) === x.answer,
    }));
    const total = qs.reduce((a, x) => a + x.score, 0);
    const got = qs.reduce((a, x, i) => a + (graded[i]!.iscorrect ? x.score : 0), 0);
    const score = total ? Math.round((got / total) * 100) : 0;
    const passed = passes(score, termsOf(q));
    let recorded: { isscoreid: number; certified: boolean };
    try {
      recorded = await ctx.s.db.transaction().execute(async (tx) => {
        // Two submits of one member queue on the enrolment row; the unique pass index is the last word.
        await sql`select 1 from enrollments where useruid = ${me} and contentsid = ${q.contentsid} for update`.execute(tx);
        await openToAnswer(tx, me, q);
        const now = kst();
        // Only the started attempt is recorded, once: a doubled submit (or one without 시작) finds no open draft.
        const row = await one(
          tx,
          sql<{ isscoreid: number }>`update quiz_results set is_draft = false, score = ${score}, passed = ${passed},
            answers = ${JSON.stringify(answers)}, created_at = ${now}
          where quizid = ${q.quizid} and useruid = ${me} and is_draft returning isscoreid`,
        );
        if (!row) return fail(409, NOT_STARTED);
        // A pass completes the class only under the whole rule: every video complete too. Otherwise the certificate
        // is issued when the classroom next lists the class after its last video (getMyLectures).
        const dueAt = passed ? await certificateDueAt(tx, me, q.contentsid) : null;
        if (dueAt) {
          await sql`update enrollments set completed_at = coalesce(completed_at, ${dueAt})
            where useruid = ${me} and contentsid = ${q.contentsid}`.execute(tx);
          await certificateNumber(tx, me, q.contentsid, dueAt);
        }
        return { isscoreid: row.isscoreid, certified: !!dueAt };
      });
    } catch (e) {
      if (isUniqueViolation(e)) return fail(409, ALREADY_PASSED);
      throw e;
    }
    // A failed attempt learns its score and how many were right, never which: the verdicts of a handful of attempts
    // would spell out the key. A pass may see it.
    return ok(
      {
        quizid: q.quizid,
        score,
        passscore: q.pass_score,
        ispassed: passed,
        isscoreid: recorded.isscoreid,
        correctcnt: graded.filter((g) => g.iscorrect).length,
        questioncnt: qs.length,
        results: passed ? graded : [],
      },
      !passed
        ? '아쉽지만 불합격입니다. 다시 도전해주세요.'
        : recorded.certified
          ? '합격입니다. 수료증을 발급받을 수 있습니다.'
          : q.certificate_progress >= 100
            ? '합격입니다. 남은 영상을 모두 시청하면 수료증이 발급됩니다.'
            : `합격입니다. 영상을 ${q.certificate_progress}% 이상 시청하면 수료증이 발급됩니다.`,
    );
  },

  async isRetakeQuiz(ctx) {
    const me = ownUser(ctx, ctx.params.useruid);
    const quiz = await one(ctx.s.db, sql<Pick<QuizRow, 'contentsid'>>`select contentsid from quizzes where quizid = ${ctx.params.quizid}`);
    if (!quiz) return fail(404, NO_QUIZ);
    const now = new Date();
    // Every version of the class's quiz: a pass of an earlier one is a pass, its attempts count.
    const rows = await all(
      ctx.s.db,
      sql<QuizResultRow>`select * from quiz_results where contentsid = ${quiz.contentsid} and useruid = ${me} and not is_draft
        order by isscoreid desc`,
    );
    const passed = rows.some((r) => r.passed);
    const today = await attemptsToday(ctx.s.db, me, quiz.contentsid, now);
    const limit = CERTIFICATE_RULE.attemptsPerDay;
    return ok(
      {
        canretake: !passed && today < limit,
        attemptcnt: rows.length,
        maxattempt: limit,
        lastscore: rows[0]?.score ?? null,
        ispassed: passed,
      },
      passed ? ALREADY_PASSED : today < limit ? '' : attemptLimitText(now),
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
  scoreQuizRecorded: writes(['quiz_results', 'enrollments', 'certificates', 'mail_outbox']),
  isRetakeQuiz: uncachedRead,
  existsPassScoreid: uncachedRead,
} satisfies CacheTable<typeof quiz>;
