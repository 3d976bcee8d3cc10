import type { RawBuilder } from 'kysely';
import type { Db } from './database';

/** The first row of a typed raw query (`sql<Row>`), or undefined. */
export async function one<T>(db: Db, query: RawBuilder<T>): Promise<T | undefined> {
  return (await query.execute(db)).rows[0];
}

/** Every row of a typed raw query. */
export async function all<T>(db: Db, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

/** Text as a `like` pattern matches it: `%`, `_` and `\` match themselves, not any text. */
export const likeText = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A `like` / `ilike` pattern of anything that contains `text` as typed. */
export const containsPattern = (text: string): string => `%${likeText(text)}%`;
