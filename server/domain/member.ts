import { sql } from 'kysely';
import type { Db } from '../db/database';
import { one } from '../db/query';

/** The signed-in member, from a verified bearer token. */
export interface Member {
  useruid: string;
  email: string;
}

/** The tables that hold a member's account: the reference backend's own and the users table (single session). */
export const MEMBER_TABLES = ['members', 'users'] as const;

/**
 * Whether the member a token names has left (LeaveUser). Leaving ends every token naming that useruid, whenever
 * it was issued: no token is issued to a left member afterwards (local sign-in refuses one), and a useruid is never
 * given to a new member again, because its orders, classes and points stay recorded under it. A token naming no
 * member row at all (a provider account between sign-in and CreateSNSUser) is not refused here.
 */
export async function memberHasLeft(db: Db, useruid: string): Promise<boolean> {
  return !!(await one(db, sql`select 1 from members where useruid = ${useruid} and left_at is not null`));
}
