import { join } from 'node:path';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { ROOT } from '../server/start';
import { Failure } from '../server/lib/failure';
import { ROLE_NAMES, grantStaff, isStaffRole, listStaff, revokeStaff, type StaffRole } from '../server/domain/staff';
import { sql } from 'kysely';
import { recordAudit } from '../server/domain/audit';
import type { Db } from '../server/db/database';

const USAGE = `npm run staff -- list
npm run staff -- grant owner|operator EMAIL
npm run staff -- grant instructor EMAIL "강사명"   (the teacher's name as the classes show it, e.g. "한리포머 강사")
npm run staff -- revoke EMAIL
Works on ./.data (PGlite; stop npm start first, PGlite has one writer) or on DATABASE_URL.`;

/**
 * npm run staff: who may use the console. The email must be an account that exists (signed in once, or a demo
 * member in local mode); the last owner cannot be removed (server/domain/staff.ts). A grant made here is recorded in
 * the audit trail as the command's, since no staff member made it.
 */
export async function runStaffCommand(args: string[], options: { url?: string | undefined; dir?: string | undefined }, out: (line: string) => void): Promise<number> {
  const [verb, ...rest] = args;
  const database = await openDatabase(options);
  try {
    await migrate(database.db);
    if (verb === 'list') {
      const rows = await listStaff(database.db);
      if (!rows.length) out('운영진이 없습니다.');
      for (const r of rows) out(`${ROLE_NAMES[r.role]}\t${r.email}\t${r.name}${r.teachername ? `\t(${r.teachername})` : ''}\t${r.granted_at} by ${r.granted_by}`);
      return 0;
    }
    if (verb === 'grant' && rest.length >= 2 && isStaffRole(rest[0]!)) {
      const role = rest[0] as StaffRole;
      const { before, after } = await database.db.transaction().execute(async (tx) => {
        const change = await grantStaff(tx, { email: rest[1]!, role, teachername: rest[2] }, 'cli');
        await commandAudit(tx, 'grantAdminStaff', change.after.useruid, change.before, change.after);
        return change;
      });
      out(`${after.email}: ${before ? `${ROLE_NAMES[before.role]} → ` : ''}${ROLE_NAMES[after.role]}`);
      return 0;
    }
    if (verb === 'revoke' && rest.length === 1) {
      const member = await sql<{ useruid: string }>`select useruid from members where lower(email) = lower(${rest[0]!})`.execute(database.db);
      const useruid = member.rows[0]?.useruid;
      if (!useruid) throw new Failure(404, '해당 이메일로 가입한 회원이 없습니다.');
      const before = await database.db.transaction().execute(async (tx) => {
        const ended = await revokeStaff(tx, useruid);
        await commandAudit(tx, 'revokeAdminStaff', useruid, ended, null);
        return ended;
      });
      out(`${before.email}: ${ROLE_NAMES[before.role]} 해제`);
      return 0;
    }
    out(USAGE);
    return 2;
  } catch (err) {
    if (err instanceof Failure) {
      out(`staff: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

/** The command's changes are in the trail too, as the command's (no staff member made them). */
const commandAudit = (db: Db, operation: string, useruid: string, before: unknown, after: unknown) =>
  recordAudit(db, { staff: { useruid: 'npm run staff', role: 'command' }, requestId: 'cli' }, { operation, objectType: 'staff', objectId: useruid, before, after });

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL || undefined;
  process.exitCode = await runStaffCommand(process.argv.slice(2), { url, dir: url ? undefined : join(ROOT, '.data', 'pgdata') }, (l) => console.log(l));
}
