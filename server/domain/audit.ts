import { sql } from 'kysely';
import type { Db } from '../db/database';
import { kst } from '../lib/time';

/** Keys whose values never enter the trail, whatever object they are part of. */
const SECRET_KEYS = /token|secret|password|signature|apikey|api_key|authorization/i;
/** Long texts (a description's HTML) are summarised by length, so the trail stays a trail. */
const MAX_TEXT = 200;

export interface AuditEntry {
  /** The yaml's operationId of the staff write. */
  operation: string;
  objectType: string;
  objectId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Who wrote, and under which request: a console operation's context as the dispatcher built it (or the staff command). */
export interface AuditActor {
  staff?: { useruid: string; role: string } | undefined;
  requestId: string;
}

/**
 * Appends one entry to the audit trail, in the caller's transaction, so the write and its record stand or fall
 * together; returns its id. The table refuses UPDATE, DELETE and TRUNCATE to every role (migration 029).
 */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<number> {
  if (!actor.staff) throw new Error(`audit: ${entry.operation} has no staff member (not a console operation?)`);
  const summary = JSON.stringify({ before: redact(entry.before), after: redact(entry.after) });
  const { rows } = await sql<{ auditid: number }>`insert into audit_log (at, actor, actor_role, operation, object_type, object_id, summary, request_id)
    values (${kst()}, ${actor.staff.useruid}, ${actor.staff.role}, ${entry.operation}, ${entry.objectType},
      ${String(entry.objectId)}, ${summary}, ${actor.requestId}) returning auditid`.execute(db);
  // The entry's id: a 회원 화면으로 보기 grant names the entry of its opening (server/domain/viewAs.ts).
  return rows[0]!.auditid;
}

/** A value as the trail keeps it: secrets dropped, long texts cut to their start and length. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === undefined) return undefined;
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}… (${value.length}자)` : value;
  if (depth > 4) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.test(k) ? '(비공개)' : redact(v, depth + 1);
    return out;
  }
  return String(value);
}
