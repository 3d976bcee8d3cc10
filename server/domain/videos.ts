import { sql, type RawBuilder } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import type { VideoRow } from '../db/rows';
import { all, one } from '../db/query';
import { ownsClassNowSql } from './ownership';

/** A video with the member's progress in it and whether the member owns its class now. */
export interface WatchedVideoRow extends VideoRow {
  watched: number;
  /** Seconds the server counts as watched (covered time, issue 23), at most the video's length. */
  watchedsec: number;
  completed: boolean;
  progressdate: string | null;
  owned: boolean;
}

/**
 * Videos of a curriculum for member `me` (`''` for a visitor), in curriculum order; `where` names `v.` columns. A video
 * removed after a member watched it (`hidden_at`, issue 38) is in no list.
 */
export function videoRows(db: Db, me: string, where: RawBuilder<unknown>): Promise<WatchedVideoRow[]> {
  return all(
    db,
    sql<WatchedVideoRow>`select v.*, coalesce(p.last_position, 0)::int as watched,
      least(coalesce(p.watched_sec, 0), v.duration_sec)::int as watchedsec, coalesce(p.completed, false) as completed,
      p.updated_at as progressdate,
      ${ownsClassNowSql(me, sql.ref('v.contentsid'))} as owned
    from videos v join sections s on s.sectionid = v.sectionid left join progress p on p.useruid = ${me} and p.videoid = v.videoid
    where (${where}) and v.hidden_at is null order by s.sort, v.sectionid, v.sort`,
  );
}

/** The contract's Video: the media path only for a preview or a class the member owns. */
export const toVideo = (v: WatchedVideoRow): components['schemas']['Video'] => ({
  videoid: v.videoid,
  sectionid: v.sectionid,
  contentsid: v.contentsid,
  title: v.title,
  duration: v.duration_sec,
  sortorder: v.sort,
  path: v.owned || v.is_preview ? v.path : null,
  ispreview: v.is_preview,
  watchedtime: v.watched,
  iscomplete: v.completed,
});

/** Share of a lecture's videos the member completed, in percent with one decimal. */
export async function progressOf(db: Db, me: string, contentsid: number): Promise<number> {
  const r = await one(
    db,
    sql<{ total: number; done: number }>`select (select count(*)::int from videos where contentsid = ${contentsid} and hidden_at is null) as total,
      (select count(*)::int from progress p join videos v on v.videoid = p.videoid and v.hidden_at is null
        where p.useruid = ${me} and p.contentsid = ${contentsid} and p.completed) as done`,
  );
  return r?.total ? Math.round((r.done / r.total) * 1000) / 10 : 0;
}
