import { sql, type Kysely } from 'kysely';
import { uploadedFile } from '../consumer/fixtures';
import { pngOf } from '../../server/tests/pictures';

/** A state's parameters, as the consumer gave them: `given(name, params)`. */
export type StateParams = Record<string, unknown>;

/**
 * Every provider state a pact may name, keyed by its exact name. The seed (server/db/seed-data.ts) already
 * holds most data; a handler adds or checks what its state needs beyond it. A pact naming a state missing
 * here fails verification. With no database (a real API at --provider-base-url) the handlers do nothing:
 * that provider arranges its own data.
 */
export function stateHandlers(db: Kysely<any> | undefined): Record<string, (params: StateParams) => Promise<void>> {
  const withDb = (fn: (db: Kysely<any>, params: StateParams) => Promise<void>) => async (params: StateParams) => {
    if (db) await fn(db, params);
  };
  return {
    'the demo catalogue is seeded': async () => undefined,

    // A member's attachments must be their own uploads (SaveSuggest checks it): the consumer's
    // attachment fixture counts as uploaded by any member a state names.
    // A pact may withdraw the member (LeaveUser): the state brings them back for the interactions after it.
    'member exists': withDb(async (db, p) => {
      await restoreMember(db, text(p, 'useruid'));
      await ensureUpload(db, text(p, 'useruid'), uploadedFile.filename, uploadedFile.originalFilename);
    }),

    'member has rated the lecture': withDb(async (db, p) => {
      const [useruid, contentsid, ratingid] = [text(p, 'useruid'), id(p, 'contentsid'), id(p, 'ratingid')];
      await sql`delete from ratings where (useruid = ${useruid} and contentsid = ${contentsid}) or ratingid = ${ratingid}`.execute(
        db,
      );
      await sql`insert into ratings (ratingid, contentsid, useruid, username, ratescore, content, created_at)
        values (${ratingid}, ${contentsid}, ${useruid}, '회원', ${id(p, 'ratescore')}, ${text(p, 'content')}, '2024-05-01 10:00:00')`.execute(
        db,
      );
    }),

    'member owns the lecture and has not rated it': withDb(async (db, p) => {
      const [useruid, contentsid] = [text(p, 'useruid'), id(p, 'contentsid')];
      const { rows } = await sql`select 1 from enrollments where useruid = ${useruid} and contentsid = ${contentsid}`.execute(db);
      if (rows.length === 0) throw new Error(`the seed has no enrolment of ${useruid} in ${contentsid}`);
      await sql`delete from ratings where useruid = ${useruid} and contentsid = ${contentsid}`.execute(db);
    }),

    'member does not own the lecture': withDb(async (db, p) => {
      const { rows } =
        await sql`select 1 from enrollments where useruid = ${text(p, 'useruid')} and contentsid = ${id(p, 'contentsid')}`.execute(
          db,
        );
      if (rows.length > 0) throw new Error(`the seed enrols ${p.useruid} in ${p.contentsid}`);
    }),

    'member has lectures in the cart': withDb(async (db, p) => {
      const useruid = text(p, 'useruid');
      await sql`delete from carts where useruid = ${useruid}`.execute(db);
      for (const id of ids(p, 'contentsids'))
        await sql`insert into carts (useruid, contentsid, itemtype, optionvalue, created_at) values (${useruid}, ${id}, 'lecture', '', '2024-05-01 10:00:00')`.execute(
          db,
        );
    }),

    // A paid card order of the member with the given id (created, or handed to this member when another holds it).
    'member has a paid order': withDb((db, p) => paidOrder(db, text(p, 'useruid'), id(p, 'paymentid'), ids(p, 'contentsids'))),

    // The member's history is exactly that one paid order: the member's other orders move to an archive owner
    // (enrolments stay), so a history page has one known shape whatever other pacts ordered before.
    'member has exactly one order, paid': withDb(async (db, p) => {
      const useruid = text(p, 'useruid');
      const paymentid = id(p, 'paymentid');
      await archiveOrders(db, useruid, paymentid, false);
      await paidOrder(db, useruid, paymentid, ids(p, 'contentsids'));
    }),

    // A card order of the member paid just now at the local test card, every lecture enrolled and not yet played
    // or downloaded, no refund yet: within the 7 days of 청약철회 (rules/refund.ts).
    'member has an unused paid order': withDb(async (db, p) => {
      const useruid = text(p, 'useruid');
      const paymentid = id(p, 'paymentid');
      const contentsids = ids(p, 'contentsids');
      await sql`delete from refunds where paymentid = ${paymentid}`.execute(db);
      await clearOrder(db, paymentid);
      const { rows } = await sql<{ contentsid: number; saleprice: number; title: string }>`select contentsid, saleprice, title
        from lectures where contentsid in (${sql.join(contentsids)}) order by contentsid`.execute(db);
      const amount = rows.reduce((sum, r) => sum + r.saleprice, 0);
      const now = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
      const txid = `state-tx-${paymentid}`;
      await sql`insert into payments (paymentid, useruid, title, contentsids, amount, price_total, status, pay_method, provider_txid, created_at, paid_at, paid_method)
        values (${paymentid}, ${useruid}, ${rows[0]!.title}, ${contentsids.join(',')}, ${amount}, ${amount}, 'paid', 'card', ${txid}, ${now}, ${now}, 'card')`.execute(db);
      for (const r of rows) {
        await sql`insert into payment_items (paymentid, contentsid, price) values (${paymentid}, ${r.contentsid}, ${r.saleprice})`.execute(db);
        await sql`insert into enrollments (useruid, contentsid, paymentid, start_at, end_at) values (${useruid}, ${r.contentsid}, ${paymentid}, ${now}, '2099-12-31 23:59:59')
          on conflict (useruid, contentsid) do update set paymentid = excluded.paymentid, start_at = excluded.start_at,
            end_at = excluded.end_at, first_play_at = null, downloaded_at = null`.execute(db);
      }
      await sql`delete from local_payments where txid = ${txid}`.execute(db);
      await sql`insert into local_payments (txid, merchant_uid, amount, status, created_at, consumed_at)
        values (${txid}, ${String(paymentid)}, ${amount}, 'approved', ${now}, ${now})`.execute(db);
    }),

    // The ledger is exactly the given entries, none tied to an order (the balance follows).
    'member has point entries': withDb(async (db, p) => {
      const useruid = text(p, 'useruid');
      const amounts = ids(p, 'amounts');
      await sql`delete from points where useruid = ${useruid}`.execute(db);
      await sql`delete from point_balances where useruid = ${useruid}`.execute(db);
      for (const [i, amount] of amounts.entries())
        await sql`insert into points (useruid, amount, reason, created_at) values (${useruid}, ${amount}, ${amount < 0 ? '결제 시 사용' : '이벤트 적립'}, ${`2024-05-0${i + 1} 10:00:00`})`.execute(
          db,
        );
    }),

    'member has uploaded a file': withDb((db, p) => ensureUpload(db, text(p, 'useruid'), text(p, 'filename'))),

    // The member's answered suggestion with that id (the seed's, written back when a withdrawal removed it).
    'member has a suggestion': withDb(async (db, p) => {
      await sql`insert into suggests (suggestid, useruid, suggesttype, title, content, answer, created_at, answered_at)
        values (${id(p, 'suggestid')}, ${text(p, 'useruid')}, '1', '수강 기간 연장이 가능한가요?', '<p>출장 때문에 수강을 못했어요. 연장 가능할까요?</p>',
          '<p>고객센터로 연락 주시면 1회 연장해 드립니다.</p>', '2024-04-02 10:00:00', '2024-04-03 10:00:00')
        on conflict (suggestid) do update set useruid = excluded.useruid`.execute(db);
    }),

    'no notice exists': withDb(
      async (db, p) => void (await sql`delete from notices where noticeid = ${id(p, 'noticeid')}`.execute(db)),
    ),

    'no member has the email': withDb(
      async (db, p) => void (await sql`delete from members where email = ${text(p, 'email')}`.execute(db)),
    ),

    'member has an active session token': withDb(async (db, p) => {
      await sql`insert into users (id, last_login, active_session_token) values (${text(p, 'useruid')}, '2024-05-01T10:00:00', ${text(p, 'sessionToken')})
        on conflict (id) do update set active_session_token = excluded.active_session_token`.execute(db);
    }),

    // Classroom and progress (issue 13). Each state sets exactly what its interaction's matchers need.
    'member owns lecture': withDb((db, p) => activeEnrolment(db, text(p, 'useruid'), id(p, 'contentsid'))),

    // Played already (the first play kept, else a day in the past), its materials not yet downloaded.
    'member owns lecture, played and not downloaded': withDb(async (db, p) => {
      const [useruid, contentsid] = [text(p, 'useruid'), id(p, 'contentsid')];
      await activeEnrolment(db, useruid, contentsid);
      await sql`update enrollments set first_play_at = coalesce(first_play_at, '2024-05-01 10:00:00'), downloaded_at = null
        where useruid = ${useruid} and contentsid = ${contentsid}`.execute(db);
    }),

    'member does not own lecture': withDb(async (db, p) => {
      await sql`delete from enrollments where useruid = ${text(p, 'useruid')} and contentsid = ${id(p, 'contentsid')}`.execute(
        db,
      );
    }),

    'member has not started lecture': withDb(async (db, p) => {
      const [useruid, contentsid] = [text(p, 'useruid'), id(p, 'contentsid')];
      await activeEnrolment(db, useruid, contentsid);
      await sql`delete from progress where useruid = ${useruid} and contentsid = ${contentsid}`.execute(db);
      await sql`update enrollments set completed_at = null where useruid = ${useruid} and contentsid = ${contentsid}`.execute(db);
    }),

    'member has an ended class': withDb(async (db, p) => {
      const { rows } =
        await sql`select 1 from enrollments where useruid = ${text(p, 'useruid')} and contentsid = ${id(p, 'contentsid')} and end_at < to_char(now() at time zone 'Asia/Seoul', 'YYYY-MM-DD HH24:MI:SS')`.execute(
          db,
        );
      if (rows.length === 0) throw new Error(`the seed has no ended class ${p.contentsid} of member ${p.useruid}`);
    }),

    'member bookmarked only lecture, midway through it': withDb(async (db, p) => {
      const [useruid, contentsid] = [text(p, 'useruid'), id(p, 'contentsid')];
      await activeEnrolment(db, useruid, contentsid);
      await sql`delete from bookmarks where useruid = ${useruid}`.execute(db);
      await sql`insert into bookmarks (useruid, contentsid, videoid, created_at) values (${useruid}, ${contentsid}, 0, '2024-05-01 10:00:00')`.execute(
        db,
      );
      await sql`update enrollments set completed_at = null where useruid = ${useruid} and contentsid = ${contentsid}`.execute(db);
      await watched(db, useruid, contentsid, id(p, 'videoid'), 120, false);
    }),

    // Issue 26, timestamped notes: the member's notes of the class are exactly this one (any member, enrolled or not).
    'member has exactly one note of lecture': withDb(async (db, p) => {
      const [useruid, contentsid, noteid] = [text(p, 'useruid'), id(p, 'contentsid'), text(p, 'noteid')];
      await sql`delete from notes where useruid = ${useruid} and (contentsid = ${contentsid} or noteid = ${noteid})`.execute(db);
      await sql`insert into notes (useruid, noteid, contentsid, videoid, second, body, created_at, updated_at)
        values (${useruid}, ${noteid}, ${contentsid}, ${id(p, 'videoid')}, ${id(p, 'second')}, ${text(p, 'text')},
          '2024-05-01 10:00:00', '2024-05-01 10:00:00')`.execute(db);
    }),

    // A running enrolment and no note of the class: a Save then writes the note it names.
    'member owns lecture and has no notes of it': withDb(async (db, p) => {
      const [useruid, contentsid] = [text(p, 'useruid'), id(p, 'contentsid')];
      await activeEnrolment(db, useruid, contentsid);
      await sql`delete from notes where useruid = ${useruid} and contentsid = ${contentsid}`.execute(db);
    }),

    'member completed one video of lecture and not another': withDb(async (db, p) => {
      const [useruid, contentsid] = [text(p, 'useruid'), id(p, 'contentsid')];
      await activeEnrolment(db, useruid, contentsid);
      await watched(db, useruid, contentsid, id(p, 'completedvideoid'), 300, true);
      await sql`delete from progress where useruid = ${useruid} and videoid = ${id(p, 'openvideoid')}`.execute(db);
    }),

    'member last watched video': withDb(async (db, p) => {
      const [useruid, contentsid] = [text(p, 'useruid'), id(p, 'contentsid')];
      await activeEnrolment(db, useruid, contentsid);
      await watched(db, useruid, contentsid, id(p, 'videoid'), id(p, 'seconds'), false, kstNow());
    }),

    'member asked an answered question': withDb(async (db, p) => {
      const { rows } =
        await sql`select 1 from qnas where qnaid = ${id(p, 'qnaid')} and contentsid = ${id(p, 'contentsid')} and useruid = ${text(p, 'useruid')} and answer is not null`.execute(
          db,
        );
      if (rows.length === 0) throw new Error(`the seed has no answered question ${p.qnaid} of member ${p.useruid}`);
    }),

    'member has no users row': withDb(
      async (db, p) => void (await sql`delete from users where id = ${text(p, 'useruid')}`.execute(db)),
    ),

    // checkout (issue 12)
    'member owns lectures': withDb(async (db, p) => {
      for (const c of ids(p, 'contentsids'))
        await sql`insert into enrollments (useruid, contentsid, start_at, end_at) values (${text(p, 'useruid')}, ${c}, '2024-05-01 10:00:00', '2099-12-31 23:59:59')
          on conflict (useruid, contentsid) do update set end_at = excluded.end_at`.execute(db);
    }),

    // Unused, not expired, held by no open order.
    'coupon is valid for member': withDb(async (db, p) => {
      const couponnumber = text(p, 'couponnumber');
      const r =
        await sql`update coupons set used_by = null, used_at = null, expires_at = '2099-12-31 23:59:59' where couponnumber = ${couponnumber}`.execute(
          db,
        );
      if (!Number(r.numAffectedRows ?? 0)) throw new Error(`the seed has no coupon ${couponnumber}`);
      await sql`update payments set status = 'cancelled', cancelled_at = '2024-05-01 10:00:00' where couponnumber = ${couponnumber} and status = 'ready'`.execute(
        db,
      );
      // A once-per-member coupon (WELCOME5000) is spent per member: forget the member's use too (issue 25).
      await sql`delete from coupon_uses where couponnumber = ${couponnumber}`.execute(db);
    }),

    // Issue 25: the member's own coupons list holds this once-per-member coupon, unused and held by no open order.
    'member holds the welcome coupon, unused': withDb(async (db, p) => {
      const [useruid, couponnumber] = [text(p, 'useruid'), text(p, 'couponnumber')];
      const r =
        await sql`update coupons set per_member = true, owner = null, expires_at = '2099-12-31 23:59:59' where couponnumber = ${couponnumber}`.execute(
          db,
        );
      if (!Number(r.numAffectedRows ?? 0)) throw new Error(`the seed has no coupon ${couponnumber}`);
      await sql`delete from coupon_uses where couponnumber = ${couponnumber} and useruid = ${useruid}`.execute(db);
      await sql`update payments set status = 'cancelled', cancelled_at = '2024-05-01 10:00:00'
        where couponnumber = ${couponnumber} and useruid = ${useruid} and status = 'ready'`.execute(db);
    }),

    // Issue 25: the member's only 결제 시도 is a declined card attempt, never paid (listed apart from the orders). Other
    // unpaid orders move to an archive owner, so the attempts page has one known shape.
    'member has a failed payment attempt': withDb(async (db, p) => {
      const [useruid, paymentid, contentsids] = [text(p, 'useruid'), id(p, 'paymentid'), ids(p, 'contentsids')];
      await archiveOrders(db, useruid, paymentid, true);
      await sql`insert into payments (paymentid, useruid, title, contentsids, amount, price_total, status, pay_method, created_at, cancelled_at)
        select ${paymentid}, ${useruid}, min(title), ${contentsids.join(',')}, sum(saleprice), sum(saleprice), 'failed', 'card', '2024-05-02 10:00:00', '2024-05-02 10:01:00'
        from lectures where contentsid in (${sql.join(contentsids)})
        on conflict (paymentid) do update set useruid = excluded.useruid, status = 'failed', paid_at = null`.execute(db);
    }),

    'coupon has expired': withDb(async (db, p) => {
      const r =
        await sql`update coupons set expires_at = '2020-01-01 00:00:00', used_by = null where couponnumber = ${text(p, 'couponnumber')}`.execute(
          db,
        );
      if (!Number(r.numAffectedRows ?? 0)) throw new Error(`the seed has no coupon ${p.couponnumber}`);
    }),

    // No open order holds any of the member's points, and the balance is at least `points`.
    'member has usable points': withDb(async (db, p) => {
      const useruid = text(p, 'useruid');
      await sql`update payments set status = 'cancelled', cancelled_at = '2024-05-01 10:00:00' where useruid = ${useruid} and status = 'ready'`.execute(
        db,
      );
      const { rows } = await sql<{
        balance: number;
      }>`select coalesce((select balance from point_balances where useruid = ${useruid}), 0) as balance`.execute(db);
      const missing = id(p, 'points') - Number(rows[0]?.balance ?? 0);
      if (missing > 0)
        await sql`insert into points (useruid, amount, reason, created_at) values (${useruid}, ${missing}, '이벤트 적립', '2024-05-01 09:00:00')`.execute(
          db,
        );
    }),

    // An open order of `amount` won (no coupon, no points) and a card transaction in `txstatus` for it.
    'member has an open order with a card transaction': withDb(async (db, p) => {
      const useruid = text(p, 'useruid');
      const paymentid = id(p, 'paymentid');
      const contentsids = ids(p, 'contentsids');
      const amount = id(p, 'amount');
      await clearOrder(db, paymentid);
      await sql`update payments set status = 'cancelled', cancelled_at = '2024-05-01 10:00:00' where useruid = ${useruid} and status = 'ready' and contentsids = ${contentsids.join(',')}`.execute(
        db,
      );
      await sql`delete from enrollments where useruid = ${useruid} and contentsid in (${sql.join(contentsids)})`.execute(db);
      await sql`insert into payments (paymentid, useruid, title, contentsids, amount, price_total, status, pay_method, created_at, expires_at)
        values (${paymentid}, ${useruid}, '상태 준비 주문', ${contentsids.join(',')}, ${amount}, ${amount}, 'ready', 'card', '2024-05-01 10:00:00', '2099-12-31 23:59:59')`.execute(
        db,
      );
      for (const c of contentsids)
        await sql`insert into payment_items (paymentid, contentsid, price) values (${paymentid}, ${c}, ${amount})`.execute(db);
      await sql`delete from local_payments where txid = ${text(p, 'pgtid')}`.execute(db);
      await sql`insert into local_payments (txid, merchant_uid, amount, status, created_at) values (${text(p, 'pgtid')}, ${String(paymentid)}, ${amount}, ${text(p, 'txstatus')}, '2024-05-01 10:00:30')`.execute(
        db,
      );
    }),

    // A paid order that used `couponnumber` (optional) and spent `pointused` points, with its ledger rows.
    'member has a paid order with a coupon and points': withDb(async (db, p) => {
      const useruid = text(p, 'useruid');
      const paymentid = id(p, 'paymentid');
      const contentsids = ids(p, 'contentsids');
      const pointused = id(p, 'pointused');
      const couponnumber = typeof p.couponnumber === 'string' ? p.couponnumber : null;
      await clearOrder(db, paymentid);
      await sql`insert into payments (paymentid, useruid, title, contentsids, amount, price_total, point_used, couponnumber, status, pay_method, created_at, paid_at, paid_method)
        values (${paymentid}, ${useruid}, '상태 준비 주문', ${contentsids.join(',')}, 10000, ${10000 + pointused}, ${pointused}, ${couponnumber}, 'paid', 'card', '2024-05-01 10:00:00', '2024-05-01 10:01:00', 'card')`.execute(
        db,
      );
      if (couponnumber)
        await sql`update coupons set used_by = ${useruid}, used_at = '2024-05-01 10:01:00' where couponnumber = ${couponnumber}`.execute(
          db,
        );
      if (pointused > 0)
        await sql`insert into points (useruid, amount, reason, created_at, paymentid, kind) values (${useruid}, ${-pointused}, '결제 시 사용', '2024-05-01 10:01:00', ${paymentid}, 'use')`.execute(
          db,
        );
    }),

    // Quiz states (issue 14): the quiz of lecture N is quiz N in the seed.
    'member may take the quiz of a lecture': withDb(async (db, p) => {
      const [useruid, contentsid] = [text(p, 'useruid'), id(p, 'contentsid')];
      await sql`delete from quiz_results where useruid = ${useruid} and contentsid = ${contentsid}`.execute(db);
      // Watched through (issue 23: completion is the server's coverage), seeded as the coverage itself.
      await sql`insert into progress (useruid, contentsid, videoid, watched_sec, last_position, completed, updated_at, watched_spans)
        select ${useruid}, contentsid, videoid, duration_sec, duration_sec, true, '2024-05-01 10:00:00', '[[0,' || duration_sec || ']]'
        from videos where contentsid = ${contentsid}
        on conflict (useruid, contentsid, videoid) do update set completed = true, watched_sec = excluded.watched_sec,
          watched_spans = excluded.watched_spans`.execute(db);
    }),

    // 시작 pressed just now (issue 23): the attempt's clock runs from this moment, no answer saved yet. Given after
    // 'member may take the quiz of a lecture' (which completes the videos and clears the attempts).
    'member has started the quiz of a lecture': withDb(async (db, p) => {
      const [useruid, contentsid] = [text(p, 'useruid'), id(p, 'contentsid')];
      await sql`delete from quiz_results where useruid = ${useruid} and contentsid = ${contentsid} and is_draft`.execute(db);
      await sql`insert into quiz_results (quizid, useruid, contentsid, score, passed, answers, created_at, is_draft, started_at)
        values (${contentsid}, ${useruid}, ${contentsid}, 0, false, '[]', ${kstNow()}, true, ${kstNow()})`.execute(db);
    }),

    // The day's three attempts (a Korean calendar day) recorded and failed just now (issue 23). Given after
    // 'member may take the quiz of a lecture'.
    'member has used the day’s quiz attempts': withDb(async (db, p) => {
      const [useruid, contentsid] = [text(p, 'useruid'), id(p, 'contentsid')];
      for (let i = 0; i < 3; i++)
        await sql`insert into quiz_results (quizid, useruid, contentsid, score, passed, answers, created_at)
          values (${contentsid}, ${useruid}, ${contentsid}, 20, false, '[]', ${kstNow()})`.execute(db);
    }),

    'member lacks progress for the quiz of a lecture': withDb(async (db, p) => {
      await sql`delete from progress where useruid = ${text(p, 'useruid')} and contentsid = ${id(p, 'contentsid')}`.execute(db);
    }),

    // Every question answered in the draft, so each resumed question carries the member's choice.
    'member has a quiz draft': withDb(async (db, p) => {
      const [useruid, contentsid, isscoreid] = [text(p, 'useruid'), id(p, 'contentsid'), id(p, 'isscoreid')];
      await sql`delete from quiz_results where useruid = ${useruid} and contentsid = ${contentsid}`.execute(db);
      await sql`insert into quiz_results (isscoreid, quizid, useruid, contentsid, score, passed, answers, created_at, is_draft, started_at)
        values (${isscoreid}, ${contentsid}, ${useruid}, ${contentsid}, 0, false, ${JSON.stringify([1, 2, 3, 4, 5].map((n) => ({ questionid: contentsid * 10 + n, choice: 1 })))}, '2024-05-01 10:05:00', true, '2024-05-01 10:00:00')`.execute(
        db,
      );
    }),

    'member has failed the quiz of a lecture': withDb(async (db, p) => {
      const [useruid, contentsid] = [text(p, 'useruid'), id(p, 'contentsid')];
      await sql`delete from quiz_results where useruid = ${useruid} and contentsid = ${contentsid}`.execute(db);
      await sql`insert into quiz_results (quizid, useruid, contentsid, score, passed, answers, created_at) values (${contentsid}, ${useruid}, ${contentsid}, 20, false, '[]', '2024-05-01 10:00:00')`.execute(
        db,
      );
    }),

    'member has passed the quiz of a lecture': withDb(async (db, p) => {
      const [useruid, contentsid] = [text(p, 'useruid'), id(p, 'contentsid')];
      await sql`insert into quiz_results (quizid, useruid, contentsid, score, passed, answers, created_at) values (${contentsid}, ${useruid}, ${contentsid}, 80, true, '[]', '2024-05-01 10:00:00')
        on conflict (quizid, useruid) where passed do nothing`.execute(db);
      await sql`update enrollments set completed_at = coalesce(completed_at, '2024-05-01 10:00:00') where useruid = ${useruid} and contentsid = ${contentsid}`.execute(
        db,
      );
    }),

    'a certificate has the number': withDb(async (db, p) => {
      await sql`insert into certificates (certificateno, useruid, contentsid, issued_at) values (${text(p, 'certificateno')}, ${text(p, 'useruid')}, ${id(p, 'contentsid')}, '2024-05-01 10:00:00')
        on conflict (useruid, contentsid) do update set certificateno = excluded.certificateno, revoked_at = null, revoke_reason = null, revoked_by = null`.execute(db);
    }),

    'no certificate has the number': withDb(
      async (db, p) => void (await sql`delete from certificates where certificateno = ${text(p, 'certificateno')}`.execute(db)),
    ),

    // Player and progress (issue 13): ownership, the last watch and the playing place, by data.
    'member owns lecture not yet played': withDb((db, p) => own(db, text(p, 'useruid'), id(p, 'contentsid'))),

    'member owns lecture and last watched video at second': withDb(async (db, p) => {
      const [useruid, contentsid, videoid, seconds] = [
        text(p, 'useruid'),
        id(p, 'contentsid'),
        id(p, 'videoid'),
        id(p, 'seconds'),
      ];
      await own(db, useruid, contentsid);
      // Dated now (Korean time): the latest watch any state wrote, so it is the member's last watch. Watched from the
      // start, the last heartbeat 20 s ago (issue 23): the next one is judged against it, and against the member's
      // clock across videos (issue 41), whose last report that was too.
      const beat = Date.now() - 20_000;
      const anchor = JSON.stringify({ position: seconds, at: beat, owed: 0, onTimeAt: beat });
      await sql`insert into watch_clocks (useruid, clock) values (${useruid}, ${JSON.stringify({ at: beat, owed: 0 })})
        on conflict (useruid) do update set clock = excluded.clock`.execute(db);
      await sql`insert into progress (useruid, contentsid, videoid, watched_sec, last_position, completed, updated_at, watched_spans, watch_anchor)
        values (${useruid}, ${contentsid}, ${videoid}, ${seconds}, ${seconds}, false, ${kstNow()}, ${`[[0,${seconds}]]`}, ${anchor})
        on conflict (useruid, contentsid, videoid) do update set watched_sec = excluded.watched_sec, last_position = excluded.last_position,
          completed = false, updated_at = excluded.updated_at, watched_spans = excluded.watched_spans, watch_anchor = excluded.watch_anchor`.execute(
        db,
      );
    }),

    'member is playing video': withDb(async (db, p) => {
      const [useruid, contentsid, videoid] = [text(p, 'useruid'), id(p, 'contentsid'), id(p, 'videoid')];
      await sql`insert into play_tabs (useruid, tabid, contentsid, videoid, updated_at) values (${useruid}, ${`${contentsid}:${videoid}`}, ${contentsid}, ${videoid}, '2024-05-01 10:00:00')
        on conflict (useruid) do update set tabid = excluded.tabid, contentsid = excluded.contentsid, videoid = excluded.videoid, updated_at = excluded.updated_at`.execute(
        db,
      );
    }),

    // The console (issue 38): the verifier acts as member u-demo-1, so its staff role is this state, named by every
    // console interaction; the row stays for the interactions after it (no member-side operation reads the staff table).
    // The member (u-demo-1, or another member a revoke names) holds `role`; an instructor teaches the classes whose
    // teacher is `teachername` (required for an instructor). A withdrawn member comes back (a pact may withdraw u-demo-1).
    'the member is staff': withDb(async (db, p) => {
      const [useruid, role] = [text(p, 'useruid'), text(p, 'role')];
      const teachername = role === 'instructor' ? p.teachername : null;
      if (role === 'instructor' && (typeof teachername !== 'string' || !teachername)) throw new Error('an instructor needs "teachername"');
      await restoreMember(db, useruid);
      await sql`insert into staff (useruid, role, teachername, granted_at, granted_by) values (${useruid}, ${role}, ${teachername}, '2024-05-01 10:00:00', 'pact')
        on conflict (useruid) do update set role = excluded.role, teachername = excluded.teachername`.execute(db);
    }),

    // A signed-in member who is not staff (the console refuses it 403).
    'the member is not staff': withDb(async (db, p) => {
      const useruid = text(p, 'useruid');
      await restoreMember(db, useruid);
      await sql`delete from staff where useruid = ${useruid}`.execute(db);
    }),

    // The member is the store's one owner: every other owner becomes an operator (the last owner stays, 409).
    'the member is the only owner': withDb(async (db, p) => {
      const useruid = text(p, 'useruid');
      await restoreMember(db, useruid);
      await sql`update staff set role = 'operator', teachername = null where role = 'owner' and useruid <> ${useruid}`.execute(db);
      await sql`insert into staff (useruid, role, teachername, granted_at, granted_by) values (${useruid}, 'owner', null, '2024-05-01 10:00:00', 'pact')
        on conflict (useruid) do update set role = 'owner', teachername = null`.execute(db);
    }),

    // Mail (issue 40). The member's 수강 기간 종료 안내 switch is on.
    'the member gets reminders': withDb(async (db, p) => {
      const useruid = text(p, 'useruid');
      await restoreMember(db, useruid);
      await sql`update members set mail_reminders = true where useruid = ${useruid}`.execute(db);
    }),

    // Member `useruid`'s order `paymentid` of class `contentsid` is paid by card (`amount` won, 2024-05-01), nothing of
    // it refunded, its enrolment and the demo card ledger's approval (txid `pact-tx-<paymentid>`) in place, whatever a
    // run before did (issue 39, the console's orders).
    'an order is paid by card': withDb((db, p) => paidCardOrder(db, p)),

    // As 'an order is paid by card', and a console refund claim `refundid` of `claimed` won of it waits for 확인: its
    // request never heard the card's answer. `cancelled`: the ledger shows the claim carried out. The only waiting claim.
    'a refund claim of the order waits for 확인': withDb(async (db, p) => {
      await paidCardOrder(db, p);
      const [refundid, paymentid, claimed] = [id(p, 'refundid'), id(p, 'paymentid'), id(p, 'claimed')];
      await sql`delete from refunds where status = 'pending' or refundid = ${refundid}`.execute(db);
      await sql`insert into refunds (refundid, paymentid, useruid, status, basis, amount, points_restored, points_taken_back,
          points_shortfall, coupon_restored, contentsids, reason, created_at, whole, cancellable_before, unsettled_at, issued_by)
        values (${refundid}, ${paymentid}, ${text(p, 'useruid')}, 'pending', 'store', ${claimed}, 0, 0, 0, false, '', '강의 오류 보상',
          '2024-05-02 10:00:00', false, ${id(p, 'amount')}, '2024-05-02 10:00:10', 'u-demo-5')`.execute(db);
      if (p.cancelled === true)
        await sql`update local_payments set cancelled_amount = ${claimed} where txid = ${`pact-tx-${paymentid}`}`.execute(db);
    }),

    // KST day `day` holds exactly two paid orders of member `useruid` (issue 39, the console's sales): `cardorder` of class
    // 104 for `card` won by card (일시불) at 10:00, `kakaoorder` of class 101 for `kakaopay` won by 카카오페이 at 11:00, and a
    // console refund of `refunded` won of the card order finished at 15:00 that day; no other order or refund is on it.
    "a day's orders are booked": withDb(async (db, p) => {
      const day = text(p, 'day');
      const [cardorder, kakaoorder, useruid] = [id(p, 'cardorder'), id(p, 'kakaoorder'), text(p, 'useruid')];
      const next = `${day}~`;
      const others = sql`select paymentid from payments where created_at >= ${day} and created_at < ${next}`;
      await sql`delete from refunds where paymentid in (${cardorder}, ${kakaoorder}) or (done_at >= ${day} and done_at < ${next})`.execute(db);
      await sql`delete from enrollments where paymentid in (${others})`.execute(db);
      await sql`delete from payment_items where paymentid in (${others}) or paymentid in (${cardorder}, ${kakaoorder})`.execute(db);
      await sql`delete from payments where paymentid in (${cardorder}, ${kakaoorder}) or (created_at >= ${day} and created_at < ${next})`.execute(db);
      const order = async (paymentid: number, contentsid: number, amount: number, method: string, hour: string, refunded: number) => {
        await sql`insert into payments (paymentid, useruid, title, contentsids, amount, price_total, status, pay_method, created_at, paid_at,
            paid_method, installment_month, refunded_amount)
          select ${paymentid}, ${useruid}, title, ${String(contentsid)}, ${amount}, ${amount}, ${refunded ? 'partially_refunded' : 'paid'},
            'card', ${`${day} ${hour}:00:00`}, ${`${day} ${hour}:01:00`}, ${method}, 0, ${refunded} from lectures where contentsid = ${contentsid}`.execute(db);
        await sql`insert into payment_items (paymentid, contentsid, price) values (${paymentid}, ${contentsid}, ${amount})`.execute(db);
      };
      await order(cardorder, 104, id(p, 'card'), 'card', '10', id(p, 'refunded'));
      await order(kakaoorder, 101, id(p, 'kakaopay'), 'kakaopay', '11', 0);
      await sql`insert into refunds (paymentid, useruid, status, basis, amount, points_restored, points_taken_back, points_shortfall,
          coupon_restored, contentsids, reason, created_at, done_at, issued_by)
        values (${cardorder}, ${useruid}, 'done', 'store', ${id(p, 'refunded')}, 0, 0, 0, false, '', '강의 오류 보상',
          ${`${day} 15:00:00`}, ${`${day} 15:00:05`}, 'u-demo-5')`.execute(db);
    }),

    // Mail `mailid` of `kind` to member `useruid` is failed, the mail server having refused the address, and it is the
    // only failed mail of the outbox (no mail job runs in verification, so nothing else fails on its own).
    'the outbox holds one failed mail': withDb(async (db, p) => {
      const mailid = id(p, 'mailid');
      await sql`delete from mail_outbox where state = 'failed' and mailid <> ${mailid}`.execute(db);
      await outboxMail(db, mailid, text(p, 'kind'), text(p, 'useruid'), 'failed');
    }),

    // Mail `mailid` of `kind` to member `useruid` went out (다시 보내기 refuses it, 409).
    'the outbox holds a sent mail': withDb((db, p) => outboxMail(db, id(p, 'mailid'), text(p, 'kind'), text(p, 'useruid'), 'sent')),

    // Member `useruid` asked question `qnaid` ('골반 중립이 어려워요', public) in class `contentsid`, and it waits for an
    // answer: no answer, whatever a run before wrote (issue 39, the console's inbox). The demo's 103 (한리포머 강사's)
    // holds no other question.
    'a member asked a question in a class': withDb(async (db, p) => {
      const [qnaid, contentsid, useruid] = [id(p, 'qnaid'), id(p, 'contentsid'), text(p, 'useruid')];
      await sql`delete from qnas where qnaid = ${qnaid}`.execute(db);
      await sql`insert into qnas (qnaid, contentsid, useruid, username, title, content, is_private, created_at)
        select ${qnaid}, ${contentsid}, ${useruid}, name, '골반 중립이 어려워요', '<p>허리가 뜨는 느낌이 들어요.</p>', false, '2024-05-01 10:00:00'
        from members where useruid = ${useruid}`.execute(db);
    }),

    // Member `useruid`'s secret suggestion `suggestid` ('수강 기간 연장 요청'), with the attachment fixture, is 접수 with no
    // reply, and no suggestion has a greater id (the inbox's first item).
    "a member's suggestion waits for a reply": withDb(async (db, p) => {
      const [suggestid, useruid] = [id(p, 'suggestid'), text(p, 'useruid')];
      await sql`delete from suggests where suggestid >= ${suggestid}`.execute(db);
      await sql`insert into suggests (suggestid, useruid, suggesttype, title, content, is_secret, status, created_at)
        values (${suggestid}, ${useruid}, '1', '수강 기간 연장 요청', '입원해서 수강하지 못했습니다.', true, 'waiting', '2024-05-01 10:00:00')`.execute(db);
      await ensureUpload(db, useruid, uploadedFile.filename, uploadedFile.originalFilename);
      await sql`insert into suggest_files (suggestid, filename, sort) values (${suggestid}, ${uploadedFile.filename}, 0)`.execute(db);
    }),

    // Certificate `certificateno`, revoked from the console on 2024-06-03 10:00 KST (a state after 'a certificate has the
    // number', which issues it standing).
    'the certificate was revoked': withDb(async (db, p) => {
      await sql`update certificates set revoked_at = '2024-06-03 10:00:00', revoke_reason = '수료 요건 부정 충족 확인', revoked_by = 'u-demo-4'
        where certificateno = ${text(p, 'certificateno')}`.execute(db);
    }),

    // One line of the personal-data access record (issue 39): the operator u-demo-5 opened `useruid`'s record. Written
    // once and kept (the record takes no delete of a line younger than two years).
    'a member’s record was opened': withDb(async (db, p) => {
      await sql`insert into personal_data_access (at, actor, actor_role, kind, member, reason, request_id)
        select '2024-05-01 10:00:00', 'u-demo-5', 'operator', 'open', ${text(p, 'useruid')}, '수강 기간 문의 전화 확인', 'pact-state'
        where not exists (select 1 from personal_data_access where request_id = 'pact-state')`.execute(db);
    }),

    // Coupon campaign `campaignid` ('`name`', 3,000 won off any class, valid 2024-01-01 to 2099-12-31) of `kind`, not
    // stopped, whatever a run before did: a `codes` campaign with its three codes PACT<campaignid>CODE1-3, unused; a
    // `members` campaign issued to nobody yet (issue 39, the console's coupons).
    'a coupon campaign exists': withDb(async (db, p) => {
      const [campaignid, kind, name] = [id(p, 'campaignid'), text(p, 'kind'), text(p, 'name')];
      await sql`update payments set couponnumber = null where couponnumber in (select couponnumber from coupons where campaignid = ${campaignid})`.execute(db);
      await sql`delete from coupon_uses where couponnumber in (select couponnumber from coupons where campaignid = ${campaignid})`.execute(db);
      await sql`delete from coupons where campaignid = ${campaignid}`.execute(db);
      await sql`delete from coupon_campaign_members where campaignid = ${campaignid}`.execute(db);
      await sql`delete from coupon_campaigns where campaignid = ${campaignid}`.execute(db);
      await sql`insert into coupon_campaigns (campaignid, name, kind, discount_amount, valid_from, valid_until, created_by, created_at)
        values (${campaignid}, ${name}, ${kind}, 3000, '2024-01-01 00:00:00', '2099-12-31 23:59:59', 'u-demo-5', '2024-05-01 10:00:00')`.execute(db);
      if (kind === 'codes')
        for (const n of [1, 2, 3])
          await sql`insert into coupons (couponnumber, title, discount_amount, min_amount, expires_at, valid_from, campaignid)
            values (${`PACT${campaignid}CODE${n}`}, ${name}, 3000, 0, '2099-12-31 23:59:59', '2024-01-01 00:00:00', ${campaignid})`.execute(db);
    }),

    // Member `useruid` can spend no points: no open order holds any, and a ledger entry takes the balance to 0 (the
    // ledger is only ever added to, as the console does).
    'the member has no points': withDb(async (db, p) => {
      const useruid = text(p, 'useruid');
      await sql`update payments set status = 'cancelled', cancelled_at = '2024-05-01 10:00:00' where useruid = ${useruid} and status = 'ready'`.execute(db);
      await sql`insert into points (useruid, amount, reason, created_at, kind)
        select ${useruid}, -balance, 'pact state', '2024-05-01 10:00:00', 'console' from point_balances where useruid = ${useruid} and balance > 0`.execute(db);
    }),

    // Exactly one entry of the audit trail on that KST day (10:00), by `actor` (a staff member of the seed) doing
    // `operation`. Written once and kept: the trail is append-only (migration 029), and no console write is dated that day.
    'the audit trail has one entry on the day': withDb(async (db, p) => {
      const [day, actor, operation] = [text(p, 'day'), text(p, 'actor'), text(p, 'operation')];
      await sql`insert into audit_log (at, actor, actor_role, operation, object_type, object_id, summary, request_id)
        select ${day} || ' 10:00:00', ${actor}, coalesce((select role from staff where useruid = ${actor}), 'owner'), ${operation}, 'staff', 'u-demo-5',
          '{"before":null,"after":{"role":"operator"}}', 'pact-state'
        where not exists (select 1 from audit_log where at >= ${day} and at < (${day}::date + 1)::text)`.execute(db);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from audit_log where at >= ${day} and at < (${day}::date + 1)::text`.execute(db);
      if (rows[0]?.n !== 1) throw new Error(`the audit trail holds ${rows[0]?.n} entries on ${day}, not one`);
    }),

    // A class in 초안 (in no list of the store) taught by `teacher`, bought by no one, with one section `sectionid`
    // ('1주차: 호흡') holding the lectures `videoids` in that order, each with a video and no member's record, no caption
    // track and no console upload (lecture_media goes with its video); nothing else (sections, lectures, tags) a run
    // before added to it.
    'a draft class with a section of two lectures': withDb(async (db, p) => {
      const [contentsid, sectionid, videoids, teacher] = [id(p, 'contentsid'), id(p, 'sectionid'), ids(p, 'videoids'), text(p, 'teacher')];
      // Members' records and captions point at its videos: they go first, then everything a run before added.
      await sql`delete from captions where videoid in (select videoid from videos where contentsid = ${contentsid})`.execute(db);
      await sql`delete from notes where videoid in (select videoid from videos where contentsid = ${contentsid})`.execute(db);
      await sql`delete from progress where videoid in (select videoid from videos where contentsid = ${contentsid})`.execute(db);
      await sql`delete from bookmarks where videoid in (select videoid from videos where contentsid = ${contentsid})`.execute(db);
      await sql`delete from play_tabs where videoid in (select videoid from videos where contentsid = ${contentsid})`.execute(db);
      await sql`delete from videos where contentsid = ${contentsid}`.execute(db);
      await sql`delete from sections where contentsid = ${contentsid}`.execute(db);
      await sql`delete from tags where contentsid = ${contentsid}`.execute(db);
      await sql`delete from carts where contentsid = ${contentsid}`.execute(db);
      await sql`delete from enrollments where contentsid = ${contentsid}`.execute(db);
      await sql`insert into lectures (contentsid, categoryid, title, subtitle, description, teacher, price, saleprice, thumbnail, level, period_days, state, publish_at, created_at)
        values (${contentsid}, 111, '계약 확인용 초안 클래스', '한 줄 소개', '<p>초안 클래스의 설명입니다.</p>', ${teacher}, 120000, 89000,
          '/media/thumbs/' || ${contentsid}::int || '.svg', '입문', 90, 'draft', null, '2024-05-01 10:00:00')
        on conflict (contentsid) do update set categoryid = excluded.categoryid, title = excluded.title, subtitle = excluded.subtitle,
          description = excluded.description, teacher = excluded.teacher, price = excluded.price, saleprice = excluded.saleprice,
          thumbnail = excluded.thumbnail, level = excluded.level, period_days = excluded.period_days, state = 'draft', publish_at = null`.execute(db);
      await sql`insert into sections (sectionid, contentsid, title, sort) values (${sectionid}, ${contentsid}, '1주차: 호흡', 1)`.execute(db);
      await sql`insert into videos (videoid, sectionid, contentsid, title, duration_sec, path, sort, is_preview, hidden_at)
        select v.videoid, ${sectionid}, ${contentsid}, '강의 ' || v.n, 300, 'media/lectures/' || ${contentsid}::int || '/' || v.videoid || '.mp4', v.n, false, null
        from unnest(array[${sql.join(videoids)}]::int[]) with ordinality as v(videoid, n)`.execute(db);
    }),

    // Given after 'a draft class with a section of two lectures': a second section, with no lecture.
    'the draft class has an empty section': withDb(async (db, p) => {
      await sql`insert into sections (sectionid, contentsid, title, sort) values (${id(p, 'sectionid')}, ${id(p, 'contentsid')}, '비어 있는 섹션', 2)
        on conflict (sectionid) do update set contentsid = excluded.contentsid, sort = excluded.sort`.execute(db);
    }),

    // Given after 'a draft class with a section of two lectures' (whose lectures have no console video and no caption):
    // the lecture's video came in over the console (a 1 MB upload) and was processed, 게시 가능, into the HLS ladder
    // `renditions` (best first; the column holds the list as JSON text) of `durationsec` seconds.
    'a lecture video is ready': withDb(async (db, p) => {
      const [videoid, renditions] = [id(p, 'videoid'), JSON.stringify(texts(p, 'renditions'))];
      await sql`delete from lecture_media where videoid = ${videoid}`.execute(db);
      await sql`insert into lecture_media (videoid, upload_id, upload_length, state, progress, error, renditions, duration_sec, uploaded_by, updated_at)
        values (${videoid}, 'pact-' || ${videoid}::int, 1048576, 'ready', 100, null, ${renditions}, ${id(p, 'durationsec')}, 'u-demo-1', '2024-05-01 10:00:00')`.execute(db);
    }),

    // Given after 'a draft class with a section of two lectures': the lecture's console upload (1 MB) arrived and its
    // processing failed at 40 % with the Korean reason `error`; the upload is kept, so 다시 시도 may run it again.
    'a lecture video failed processing': withDb(async (db, p) => {
      const videoid = id(p, 'videoid');
      await sql`delete from lecture_media where videoid = ${videoid}`.execute(db);
      await sql`insert into lecture_media (videoid, upload_id, upload_length, state, progress, error, renditions, duration_sec, uploaded_by, updated_at)
        values (${videoid}, 'pact-' || ${videoid}::int, 1048576, 'failed', 40, ${text(p, 'error')}, '[]', 0, 'u-demo-1', '2024-05-01 10:00:00')`.execute(db);
    }),

    // Given after 'a draft class with a section of two lectures': the lecture has exactly these caption tracks, the
    // language `srclangs[i]` named `labels[i]`, each a track of the demo data (its cues written from the lecture's
    // length, no upload date).
    'the lecture has caption tracks': withDb(async (db, p) => {
      const [videoid, srclangs, labels] = [id(p, 'videoid'), texts(p, 'srclangs'), texts(p, 'labels')];
      if (srclangs.length !== labels.length) throw new Error('"srclangs" and "labels" must be as long as each other');
      await sql`delete from captions where videoid = ${videoid}`.execute(db);
      await sql`insert into captions (videoid, srclang, label, path)
        select ${videoid}, t.srclang, t.label, 'media/captions/' || ${videoid}::int || '.' || t.srclang || '.vtt'
        from unnest(array[${sql.join(srclangs)}]::text[], array[${sql.join(labels)}]::text[]) as t(srclang, label)`.execute(db);
    }),

    // Given after 'a draft class with a section of two lectures': the class's quiz is `quizid` with two questions of 50
    // points (`questionids`; their answers are the first and the second option), pass score 60, 20 minutes, open at 50 %,
    // and the certificate needs every video. With `takers` 1, member u-demo-2 has taken (and passed) it.
    'the draft class has a quiz of two questions': withDb(async (db, p) => {
      const [contentsid, quizid, questionids, takers] = [id(p, 'contentsid'), id(p, 'quizid'), ids(p, 'questionids'), id(p, 'takers')];
      await clearQuizzes(db, contentsid);
      await sql`insert into quizzes (quizid, contentsid, title, pass_score, time_limit_min, required_progress)
        values (${quizid}, ${contentsid}, '초안 클래스 수료 퀴즈', 60, 20, 50)`.execute(db);
      await sql`insert into quiz_questions (questionid, quizid, question, options, answer, score, sort)
        select q.id, ${quizid}, q.n || '번 문제', '["가","나","다"]', q.n - 1, 50, q.n
        from unnest(array[${sql.join(questionids)}]::int[]) with ordinality as q(id, n)`.execute(db);
      if (takers > 0) {
        await restoreMember(db, 'u-demo-2');
        await sql`insert into quiz_results (quizid, useruid, contentsid, score, passed, answers, created_at)
          values (${quizid}, 'u-demo-2', ${contentsid}, 100, true, '[]', '2024-05-02 10:00:00')`.execute(db);
      }
    }),

    // Given after 'a draft class with a section of two lectures': the class has no quiz (and so no certificate yet).
    'the draft class has no quiz': withDb((db, p) => clearQuizzes(db, id(p, 'contentsid'))),

    // Given after 'a draft class with a section of two lectures': its thumbnail was uploaded in the console as version
    // `version` (its two sizes, 960 and 480 wide, stand-in bytes), and the class names the larger.
    'the draft class has an uploaded thumbnail': withDb(async (db, p) => {
      const [contentsid, version] = [id(p, 'contentsid'), text(p, 'version')];
      await sql`delete from class_thumbnails where contentsid = ${contentsid}`.execute(db);
      for (const [width, height] of [[960, 600], [480, 300]])
        await sql`insert into class_thumbnails (contentsid, version, width, height, bytes, created_at)
          values (${contentsid}, ${version}, ${width}, ${height}, ${new Uint8Array([0x52, 0x49, 0x46, 0x46])}, '2024-05-01 10:00:00')`.execute(db);
      await sql`update lectures set thumbnail = ${`/media/thumbs/${contentsid}-${version}-960.webp`} where contentsid = ${contentsid}`.execute(db);
    }),

    // Given after 'a draft class with a section of two lectures': the class offers exactly one file, `pdfid`, a PDF
    // uploaded in the console as `title` (`<title>.pdf`, 1 KB of stand-in bytes).
    'the draft class has an uploaded handout': withDb(async (db, p) => {
      const [contentsid, pdfid, title] = [id(p, 'contentsid'), id(p, 'pdfid'), text(p, 'title')];
      await sql`delete from pdfs where contentsid = ${contentsid} or pdfid = ${pdfid}`.execute(db);
      await sql`insert into pdfs (pdfid, contentsid, filename, original_filename, pages, title, size, content_type, created_at, uploaded_by)
        values (${pdfid}, ${contentsid}, ${`handout-pact-${pdfid}.pdf`}, ${`${title}.pdf`}, 1, ${title}, 1024, 'application/pdf',
          '2024-05-01 10:00:00', 'u-demo-1')`.execute(db);
      await sql`insert into pdf_bytes (pdfid, bytes) values (${pdfid}, ${new TextEncoder().encode('%PDF-1.4\n'.padEnd(1024, ' '))})`.execute(db);
    }),

    // Given after 'a draft class with a section of two lectures': the class offers no file.
    'the draft class has no handout': withDb(async (db, p) => {
      await sql`delete from pdfs where contentsid = ${id(p, 'contentsid')}`.execute(db);
    }),

    // A member's progress on the lecture (watched a minute): the console hides such a lecture instead of deleting it.
    'a member has watched the lecture': withDb((db, p) => watched(db, text(p, 'useruid'), id(p, 'contentsid'), id(p, 'videoid'), 60, false)),

    'no class has the id': withDb(async (db, p) => {
      const { rows } = await sql`select 1 from lectures where contentsid = ${id(p, 'contentsid')}`.execute(db);
      if (rows.length > 0) throw new Error(`class ${p.contentsid} exists`);
    }),

    // A notice (not pinned, no attachment) with that id and title, as the console writes one.
    'a notice exists': withDb(async (db, p) => {
      await sql`insert into notices (noticeid, isnotice, title, content, istop, viewcnt, writer, attachment, created_at)
        values (${id(p, 'noticeid')}, 1, ${text(p, 'title')}, '<p>계약 확인용 공지의 본문입니다.</p>', false, 0, '관리자', null, '2024-05-01 10:00:00')
        on conflict (noticeid) do update set isnotice = 1, title = excluded.title, content = excluded.content, istop = false,
          attachment = null, created_at = excluded.created_at`.execute(db);
    }),

    // Exactly three notices of the notice board pinned (the newest three), the most the board allows.
    'three notices are pinned': withDb(async (db) => {
      await sql`update notices set istop = noticeid in (select noticeid from notices where isnotice = 1 order by created_at desc, noticeid desc limit 3)
        where isnotice = 1`.execute(db);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from notices where isnotice = 1 and istop`.execute(db);
      if (rows[0]?.n !== 3) throw new Error(`${rows[0]?.n} notices are pinned, not three`);
    }),

    'an FAQ exists': withDb(async (db, p) => {
      await sql`insert into faqs (faqid, category, question, answer, sort) values (${id(p, 'faqid')}, '수강', '계약 확인용 질문인가요?', '<p>네.</p>', 100)
        on conflict (faqid) do update set category = excluded.category, question = excluded.question, answer = excluded.answer, sort = excluded.sort`.execute(
        db,
      );
    }),

    // The console's category tree (issue 38): category `categoryid` under `parentid`, named `name`, active and last among
    // its siblings, with exactly the empty children `children` (named `<name> 1`, `<name> 2`, …); whatever an earlier
    // interaction or run put under it (a new category, a move) is gone.
    'a category exists': withDb(async (db, p) => {
      const [categoryid, parentid, name, children] = [id(p, 'categoryid'), id(p, 'parentid'), text(p, 'name'), ids(p, 'children')];
      await sql`with recursive sub as (
          select categoryid from categories where pcategoryid = ${categoryid}
          union select c.categoryid from categories c join sub on c.pcategoryid = sub.categoryid)
        delete from categories where categoryid in (select categoryid from sub)`.execute(db);
      const depth = parentid === 0 ? 1 : ((await sql<{ depth: number }>`select depth from categories where categoryid = ${parentid}`.execute(db)).rows[0]?.depth ?? 0) + 1;
      if (depth < 1 || depth + (children.length ? 1 : 0) > 3) throw new Error(`category ${categoryid} would not fit under ${parentid}`);
      await sql`insert into categories (categoryid, pcategoryid, ctgrname, ctgrengname, depth, sort, isactive)
        values (${categoryid}, ${parentid}, ${name}, '', ${depth},
          (select coalesce(max(sort), 0) + 1 from categories where pcategoryid = ${parentid} and categoryid <> ${categoryid}), 1)
        on conflict (categoryid) do update set pcategoryid = excluded.pcategoryid, ctgrname = excluded.ctgrname, ctgrengname = '',
          depth = excluded.depth, sort = excluded.sort, isactive = 1`.execute(db);
      for (const [i, child] of children.entries()) {
        await sql`insert into categories (categoryid, pcategoryid, ctgrname, ctgrengname, depth, sort, isactive)
          values (${child}, ${categoryid}, ${`${name} ${i + 1}`}, '', ${depth + 1}, ${i + 1}, 1)`.execute(db);
      }
    }),

    // No category under `parentid` is named `name` (one an earlier run created is removed, with anything under it).
    'no category has the name': withDb(async (db, p) => {
      await sql`with recursive sub as (
          select categoryid from categories where pcategoryid = ${id(p, 'parentid')} and ctgrname = ${text(p, 'name')}
          union select c.categoryid from categories c join sub on c.pcategoryid = sub.categoryid)
        delete from categories where categoryid in (select categoryid from sub)`.execute(db);
    }),

    // /main's banners (issue 38): a picture uploaded in the console at `imageurl` (/media/banners/u-<hash>.png), today.
    'a banner picture is uploaded': withDb((db, p) => bannerPicture(db, text(p, 'imageurl'))),

    // Banner `bannerid` titled `title` showing the uploaded picture `imageurl`, linking to a class list, last on /main; the
    // other banners an interaction or run left with that title are gone (there is room for it among the ten).
    'a banner exists': withDb(async (db, p) => {
      const [bannerid, title, imageurl] = [id(p, 'bannerid'), text(p, 'title'), text(p, 'imageurl')];
      await bannerPicture(db, imageurl);
      await sql`delete from banners where title like ${`${title.split(' (')[0]}%`} and bannerid <> ${bannerid}`.execute(db);
      await sql`insert into banners (bannerid, title, subtitle, image, mobile_image, link, sort)
        values (${bannerid}, ${title}, '', ${imageurl}, null, '/classList/21/2', (select coalesce(max(sort), 0) + 1 from banners where bannerid <> ${bannerid}))
        on conflict (bannerid) do update set title = excluded.title, subtitle = '', image = excluded.image, mobile_image = null,
          link = excluded.link, sort = excluded.sort`.execute(db);
    }),

    // No banner is titled `title` (one an earlier run created is removed).
    'no banner has the title': withDb(async (db, p) => {
      await sql`delete from banners where title = ${text(p, 'title')}`.execute(db);
    }),

    // /main shows exactly the banners `bannerids`, in that order (each must exist: the demo's are 1, 2 and 3).
    'the banners are exactly': withDb(async (db, p) => {
      const bannerids = ids(p, 'bannerids');
      await sql`delete from banners where bannerid <> all(${bannerids}::int[])`.execute(db);
      for (const [i, bannerid] of bannerids.entries()) {
        const { rows } = await sql`update banners set sort = ${i} where bannerid = ${bannerid} returning 1`.execute(db);
        if (rows.length === 0) throw new Error(`banner ${bannerid} does not exist`);
      }
    }),
  };
}

/**
 * The state handlers as verification runs them: every interaction starts from a fresh allowance of guesses
 * (server/openapi/throttle.ts); the lookups of the interactions before it, or of a verification run before (the
 * remote check verifies twice), are not its own.
 */
export function freshStateHandlers(db: Kysely<any> | undefined): Record<string, (params: StateParams) => Promise<void>> {
  return Object.fromEntries(
    Object.entries(stateHandlers(db)).map(([name, setUp]) => [
      name,
      async (params: StateParams) => {
        if (db) await sql`delete from lookup_windows`.execute(db);
        await setUp(params);
      },
    ]),
  );
}

/** A banner picture as UploadAdminBannerImage keeps one (a 1200×400 PNG), under the name its address ends in. */
async function bannerPicture(db: Kysely<any>, imageurl: string): Promise<void> {
  const name = /^\/media\/banners\/(u-[0-9a-f]{24}\.png)$/.exec(imageurl)?.[1];
  if (!name) throw new Error(`"${imageurl}" is no uploaded banner picture's address`);
  const bytes = pngOf(1200, 400);
  await sql`insert into banner_images (name, content_type, width, height, size, bytes, uploaded_by, created_at)
    values (${name}, 'image/png', 1200, 400, ${bytes.length}, ${bytes}, 'u-demo-1', to_char(now() + interval '9 hours', 'YYYY-MM-DD HH24:MI:SS'))
    on conflict (name) do update set created_at = excluded.created_at`.execute(db);
}

/** Removes an order a state is about to create (states may run more than once on one database). */
/**
 * The member's orders but the kept one (with `unpaidOnly`, its unpaid ones) move to an archive owner (enrolments stay), so a list of the member's orders
 * has one known shape whatever earlier interactions, or an earlier verification run, ordered. Open orders close as
 * they move (one open order per lecture set), and the idempotency key stays behind: the archive may already hold
 * the same key from a run before.
 */
async function archiveOrders(db: Kysely<any>, useruid: string, keptPaymentid: number, unpaidOnly: boolean): Promise<void> {
  await sql`update payments set useruid = ${`${useruid}-archived`}, idempotency_key = null,
      status = case when status = 'ready' then 'cancelled' else status end
    where useruid = ${useruid} and paymentid <> ${keptPaymentid} and (paid_at is null or not ${unpaidOnly})`.execute(db);
}

async function clearOrder(db: Kysely<any>, paymentid: number): Promise<void> {
  await sql`delete from points where paymentid = ${paymentid}`.execute(db);
  await sql`delete from payment_items where paymentid = ${paymentid}`.execute(db);
  // Another state may have left refunds of this number (the console's refund queue): they go with their order.
  await sql`delete from refunds where paymentid = ${paymentid}`.execute(db);
  await sql`update enrollments set paymentid = null where paymentid = ${paymentid}`.execute(db);
  await sql`delete from payments where paymentid = ${paymentid}`.execute(db);
}

/** An active enrolment (started long ago, ends far ahead), not yet played. */
async function own(db: Kysely<any>, useruid: string, contentsid: number): Promise<void> {
  await sql`insert into enrollments (useruid, contentsid, paymentid, start_at, end_at) values (${useruid}, ${contentsid}, null, '2024-01-01 00:00:00', '2099-12-31 23:59:59')
    on conflict (useruid, contentsid) do update set end_at = excluded.end_at, first_play_at = null, downloaded_at = null`.execute(db);
}

/** A paid card order of one class, as 'an order is paid by card' describes it; refunds of it removed. */
async function paidCardOrder(db: Kysely<any>, p: StateParams): Promise<void> {
  const [paymentid, contentsid, amount, useruid] = [id(p, 'paymentid'), id(p, 'contentsid'), id(p, 'amount'), text(p, 'useruid')];
  const txid = `pact-tx-${paymentid}`;
  await restoreMember(db, useruid);
  await sql`delete from refunds where paymentid = ${paymentid}`.execute(db);
  await sql`delete from enrollments where useruid = ${useruid} and contentsid = ${contentsid}`.execute(db);
  await sql`delete from payment_items where paymentid = ${paymentid}`.execute(db);
  await sql`delete from payments where paymentid = ${paymentid}`.execute(db);
  await sql`delete from local_payments where txid = ${txid}`.execute(db);
  await sql`insert into payments (paymentid, useruid, title, contentsids, amount, price_total, status, pay_method, provider_txid,
      created_at, paid_at, paid_method, installment_month)
    select ${paymentid}, ${useruid}, title, ${String(contentsid)}, ${amount}, ${amount}, 'paid', 'card', ${txid},
      '2024-05-01 10:00:00', '2024-05-01 10:01:00', 'card', 0 from lectures where contentsid = ${contentsid}`.execute(db);
  await sql`insert into payment_items (paymentid, contentsid, price) values (${paymentid}, ${contentsid}, ${amount})`.execute(db);
  await sql`insert into local_payments (txid, merchant_uid, amount, status, created_at, consumed_at, cancelled_amount, method, installment_month)
    values (${txid}, ${String(paymentid)}, ${amount}, 'approved', '2024-05-01 10:00:30', '2024-05-01 10:01:00', 0, 'card', 0)`.execute(db);
  await sql`insert into enrollments (useruid, contentsid, paymentid, start_at, end_at)
    values (${useruid}, ${contentsid}, ${paymentid}, '2024-05-01 10:01:00', '2099-12-31 23:59:59')`.execute(db);
}

/** The member is a member again: a withdrawal (LeaveUser) undone, as 'member exists' does. */
async function restoreMember(db: Kysely<any>, useruid: string): Promise<void> {
  await sql`update members set left_at = null, email = regexp_replace(email, '^left-[0-9]+-', '') where useruid = ${useruid}`.execute(db);
}

/** Every version of a class's quiz, its questions and its results, gone; the certificate back to every video. */
async function clearQuizzes(db: Kysely<any>, contentsid: number): Promise<void> {
  await sql`delete from quiz_results where contentsid = ${contentsid}`.execute(db);
  await sql`delete from quiz_questions where quizid in (select quizid from quizzes where contentsid = ${contentsid})`.execute(db);
  await sql`delete from quizzes where contentsid = ${contentsid}`.execute(db);
  await sql`update lectures set certificate_progress = 100 where contentsid = ${contentsid}`.execute(db);
}

/** One mail of the outbox, as the mail job leaves it: tried once, then sent or refused for good. */
async function outboxMail(db: Kysely<any>, mailid: number, kind: string, useruid: string, state: 'failed' | 'sent'): Promise<void> {
  await restoreMember(db, useruid);
  const facts = { certificateno: 'KPRA-PACT-0001', contentsid: 101, title: '매트 필라테스 기초', issuedAt: '2024-05-01 10:00:00' };
  const error = state === 'failed' ? "Can't send mail - all recipients were rejected: 550 5.1.1 <nobody@nowhere.invalid>: Recipient address rejected: no such mailbox" : null;
  const sentAt = state === 'sent' ? '2024-05-01 10:00:05' : null;
  await sql`insert into mail_outbox (mailid, event_key, kind, useruid, data, state, attempts, error, queued_at, lease_until, created_at, sent_at, updated_at)
    values (${mailid}, ${`pact:${mailid}`}, ${kind}, ${useruid}, ${JSON.stringify(facts)}, ${state}, 1, ${error}, '2024-05-01 10:00:00', null,
      '2024-05-01 10:00:00', ${sentAt}, '2024-05-01 10:00:05')
    on conflict (mailid) do update set kind = excluded.kind, useruid = excluded.useruid, data = excluded.data, state = excluded.state,
      attempts = 1, error = excluded.error, queued_at = excluded.queued_at, lease_until = null, sent_at = excluded.sent_at,
      updated_at = excluded.updated_at`.execute(db);
}

function text(p: StateParams, name: string): string {
  const v = p?.[name];
  if (typeof v !== 'string' || v === '')
    throw new Error(`parameter "${name}" must be a non-empty string, got ${JSON.stringify(v)}`);
  return v;
}

function id(p: StateParams, name: string): number {
  const v = p?.[name];
  if (!Number.isInteger(v)) throw new Error(`parameter "${name}" must be an integer, got ${JSON.stringify(v)}`);
  return v as number;
}

function ids(p: StateParams, name: string): number[] {
  const v = p?.[name];
  if (!Array.isArray(v) || !v.every(Number.isInteger))
    throw new Error(`parameter "${name}" must be a list of integers, got ${JSON.stringify(v)}`);
  return v as number[];
}

function texts(p: StateParams, name: string): string[] {
  const v = p?.[name];
  if (!Array.isArray(v) || !v.every((t) => typeof t === 'string' && t !== ''))
    throw new Error(`parameter "${name}" must be a list of non-empty strings, got ${JSON.stringify(v)}`);
  return v as string[];
}

async function ensureUpload(db: Kysely<any>, useruid: string, filename: string, originalFilename = filename): Promise<void> {
  await sql`insert into uploads (filename, original_filename, size, content_type, created_at, uploaded_by)
    values (${filename}, ${originalFilename}, 37, 'text/plain', '2024-03-15 10:00:00', ${useruid})
    on conflict (filename) do update set uploaded_by = excluded.uploaded_by`.execute(db);
}

async function paidOrder(db: Kysely<any>, useruid: string, paymentid: number, contentsids: number[]): Promise<void> {
  const { rows } = await sql<{
    saleprice: number;
    title: string;
  }>`select saleprice, title from lectures where contentsid in (${sql.join(contentsids)}) order by contentsid`.execute(db);
  if (rows.length !== contentsids.length) throw new Error(`the seed has no lectures ${contentsids.join(', ')}`);
  const amount = rows.reduce((sum, r) => sum + r.saleprice, 0);
  await sql`insert into payments (paymentid, useruid, title, contentsids, amount, price_total, status, pay_method, provider_txid, created_at, paid_at, paid_method)
    values (${paymentid}, ${useruid}, ${rows[0]!.title}, ${contentsids.join(',')}, ${amount}, ${amount}, 'paid', 'card', ${`state-tx-${paymentid}`}, '2024-05-01 10:00:00', '2024-05-01 10:01:00', 'card')
    on conflict (paymentid) do update set useruid = excluded.useruid`.execute(db);
  const { rows: now } = await sql<{ status: string }>`select status from payments where paymentid = ${paymentid}`.execute(db);
  if (now[0]?.status !== 'paid') throw new Error(`payment ${paymentid} exists but is ${now[0]?.status}, not paid`);
}

/** An enrolment of the member in the lecture that runs until 2099 (the seed's or a new one). */
async function activeEnrolment(db: Kysely<any>, useruid: string, contentsid: number): Promise<void> {
  const { rows } = await sql`select 1 from enrollments where useruid = ${useruid} and contentsid = ${contentsid}`.execute(db);
  if (rows.length)
    await sql`update enrollments set end_at = greatest(end_at, '2099-12-31 23:59:59') where useruid = ${useruid} and contentsid = ${contentsid}`.execute(
      db,
    );
  else
    await sql`insert into enrollments (useruid, contentsid, start_at, end_at) values (${useruid}, ${contentsid}, '2024-05-01 10:00:00', '2099-12-31 23:59:59')`.execute(
      db,
    );
}

/**
 * The member's progress on one video, as the player's heartbeats would have left it (issue 23): watched from the start
 * to `seconds`, or, when complete, through the whole video.
 */
async function watched(
  db: Kysely<any>,
  useruid: string,
  contentsid: number,
  videoid: number,
  seconds: number,
  completed: boolean,
  at = '2024-05-01 10:00:00',
): Promise<void> {
  await sql`insert into progress (useruid, contentsid, videoid, watched_sec, last_position, completed, updated_at, watched_spans)
    select ${useruid}, ${contentsid}, ${videoid}, c.sec, ${seconds}, ${completed}, ${at}, '[[0,' || c.sec || ']]'
    from videos v, lateral (select case when ${completed} then v.duration_sec else ${seconds}::int end as sec) c where v.videoid = ${videoid}
    on conflict (useruid, contentsid, videoid) do update set watched_sec = excluded.watched_sec, last_position = excluded.last_position,
      completed = excluded.completed, updated_at = excluded.updated_at, watched_spans = excluded.watched_spans, watch_anchor = null`.execute(
    db,
  );
}

/** Korean wall-clock time as the backend stores it (zone-less text), so this watch is the member's latest. */
function kstNow(): string {
  return new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
