import { sql, type Kysely } from 'kysely';
import { uploadedFile } from '../consumer/fixtures';

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
    'member exists': withDb((db, p) =>
      ensureUpload(db, text(p, 'useruid'), uploadedFile.filename, uploadedFile.originalFilename),
    ),

    'member has lectures in the cart': withDb(async (db, p) => {
      const useruid = text(p, 'useruid');
      await sql`delete from carts where useruid = ${useruid}`.execute(db);
      for (const id of ids(p, 'contentsids'))
        await sql`insert into carts (useruid, contentsid, itemtype, optionvalue, created_at) values (${useruid}, ${id}, 'lecture', '', '2024-05-01 10:00:00')`.execute(
          db,
        );
    }),

    'member has uploaded a file': withDb((db, p) => ensureUpload(db, text(p, 'useruid'), text(p, 'filename'))),

    'member has a suggestion': withDb(async (db, p) => {
      const { rows } =
        await sql`select 1 from suggests where suggestid = ${id(p, 'suggestid')} and useruid = ${text(p, 'useruid')}`.execute(db);
      if (rows.length === 0) throw new Error(`the seed has no suggestion ${p.suggestid} of member ${p.useruid}`);
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

    'member has no users row': withDb(
      async (db, p) => void (await sql`delete from users where id = ${text(p, 'useruid')}`.execute(db)),
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
      // Dated after everything else the seed holds, so it is the member's last watch.
      await sql`insert into progress (useruid, contentsid, videoid, watched_sec, last_position, completed, updated_at)
        values (${useruid}, ${contentsid}, ${videoid}, ${seconds}, ${seconds}, false, '2099-01-01 00:00:00')
        on conflict (useruid, contentsid, videoid) do update set watched_sec = excluded.watched_sec, last_position = excluded.last_position, completed = false, updated_at = excluded.updated_at`.execute(
        db,
      );
    }),

    'member does not own lecture': withDb(
      async (db, p) =>
        void (await sql`delete from enrollments where useruid = ${text(p, 'useruid')} and contentsid = ${id(p, 'contentsid')}`.execute(
          db,
        )),
    ),

    'member is playing video': withDb(async (db, p) => {
      const [useruid, contentsid, videoid] = [text(p, 'useruid'), id(p, 'contentsid'), id(p, 'videoid')];
      await sql`insert into play_tabs (useruid, tabid, contentsid, videoid, updated_at) values (${useruid}, ${`${contentsid}:${videoid}`}, ${contentsid}, ${videoid}, '2024-05-01 10:00:00')
        on conflict (useruid) do update set tabid = excluded.tabid, contentsid = excluded.contentsid, videoid = excluded.videoid, updated_at = excluded.updated_at`.execute(
        db,
      );
    }),
  };
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

async function ensureUpload(db: Kysely<any>, useruid: string, filename: string, originalFilename = filename): Promise<void> {
  await sql`insert into uploads (filename, original_filename, size, content_type, created_at, uploaded_by)
    values (${filename}, ${originalFilename}, 37, 'text/plain', '2024-03-15 10:00:00', ${useruid})
    on conflict (filename) do update set uploaded_by = excluded.uploaded_by`.execute(db);
}

/** An active enrolment (started long ago, ends far ahead), not yet played. */
async function own(db: Kysely<any>, useruid: string, contentsid: number): Promise<void> {
  await sql`insert into enrollments (useruid, contentsid, paymentid, start_at, end_at) values (${useruid}, ${contentsid}, null, '2024-01-01 00:00:00', '2099-12-31 23:59:59')
    on conflict (useruid, contentsid) do update set end_at = excluded.end_at, first_play_at = null`.execute(db);
}
