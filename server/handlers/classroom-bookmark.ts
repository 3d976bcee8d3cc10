import { sql } from 'kysely';
import { kst } from '../lib/time';
import { fail } from '../lib/failure';
import { ownUser } from '../domain/access';
import { lectureOr404 } from '../domain/lectures';
import { ok, type Handlers } from '../openapi/typed';
import { everEnrolled } from '../domain/ownership';
import { writes, type CacheTable } from '../openapi/cacheTags';

const NOT_OWNER_BOOKMARK = '구매한 클래스만 북마크할 수 있습니다.';

/**
 * Contents/SetBookmark (an assumption of the yaml, tag classroom; joined to `classroom` in `byTag`). A bookmark is
 * a mark on a class the member bought, shown on /myBookmark; it sets the asked state, so a doubled or replayed
 * request changes nothing more. The seed's bookmarks carry a video id; a class bookmark is stored with video 0 and
 * any row counts as bookmarked.
 */
export const classroomBookmark = {
  async setBookmark(ctx) {
    const b = ctx.body;
    const me = ownUser(ctx, b.useruid);
    await lectureOr404(ctx.s.db, b.contentsid);
    // Any enrolment, ended ones included: an ended class stays in the member's classroom and may stay bookmarked.
    if (!(await everEnrolled(ctx.s.db, me, b.contentsid)))
      return fail(403, NOT_OWNER_BOOKMARK);
    if (b.isbookmarked) {
      await sql`insert into bookmarks (useruid, contentsid, videoid, created_at) values (${me}, ${b.contentsid}, 0, ${kst()})
        on conflict do nothing`.execute(ctx.s.db);
    } else {
      await sql`delete from bookmarks where useruid = ${me} and contentsid = ${b.contentsid}`.execute(ctx.s.db);
    }
    return ok(
      { contentsid: b.contentsid, isbookmarked: !!b.isbookmarked },
      b.isbookmarked ? '북마크에 추가했습니다.' : '북마크를 해제했습니다.',
    );
  },
} satisfies Partial<Handlers>;

/** What each operation reads or writes, for the catalogue cache (server/openapi/cacheTags.ts). */
export const classroomBookmarkCache = {
  setBookmark: writes(['bookmarks']),
} satisfies CacheTable<typeof classroomBookmark>;
