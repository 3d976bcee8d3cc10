import Papa from 'papaparse';
import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import { all } from '../db/query';
import type { EnrollmentRow } from '../db/rows';
import { fail } from '../lib/failure';
import type { AuditActor } from './audit';
import { changeEnrolment, endDateProblem, MEMBER_LEFT, NO_CLASS, plannedEnrol } from './enrolmentChanges';

type Result = components['schemas']['AdminEnrolmentImportResult'];
type Line = Result['lines'][number];

export const MAX_LINES = 2000;
const HEADERS = [
  ['이메일', '클래스번호', '종료일'],
  ['email', 'contentsid', 'enddate'],
];
export const NO_HEADER = '첫 줄에 이메일,클래스번호,종료일 머리글이 있어야 합니다.';
export const TOO_MANY = `한 번에 ${MAX_LINES.toLocaleString('ko-KR')}줄까지 올릴 수 있습니다.`;
const UNKNOWN_MEMBER = '회원을 찾을 수 없습니다.';
const BAD_CLASS_NUMBER = '클래스번호가 올바르지 않습니다.';
const REPEATED = '같은 회원과 클래스가 앞 줄에 있습니다.';

interface Parsed {
  line: number;
  email: string;
  contentsid: number | null;
  enddate: string | null;
  problem: string | null;
}

/** The file's lines as written: the header checked, blank lines skipped, each line's own mistakes found. */
function parse(csv: string): Parsed[] {
  const { data } = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const header = (data[0] ?? []).map((h) => h.trim().toLowerCase());
  if (!HEADERS.some((h) => h.every((name, i) => header[i] === name))) return fail(400, NO_HEADER);
  if (data.length - 1 > MAX_LINES) return fail(400, TOO_MANY);
  // papaparse skips blank lines, so a line's number is counted from the text itself.
  const numbers = csv.replace(/^\uFEFF/, '').split(/\r?\n/).flatMap((text, i) => (text.trim() ? [i + 1] : []));
  return data.slice(1).map((cells, i) => {
    const [email = '', id = '', end = ''] = cells.map((c) => c.trim());
    const contentsid = /^\d{1,9}$/.test(id) ? Number(id) : null;
    const enddate = end || null;
    const problem = !email ? UNKNOWN_MEMBER : contentsid === null ? BAD_CLASS_NUMBER : enddate ? endDateProblem(enddate) : null;
    return { line: numbers[i + 1] ?? i + 2, email, contentsid, enddate, problem };
  });
}

/**
 * Bulk enrolment from a CSV (issue 39): each line is what `changeAdminEnrolment`'s `enrol` would do, previewed
 * (`apply` false, nothing written) or applied in the caller's transaction. The outcome is the end state's distance from
 * now, so the same file applied twice is all unchanged the second time. A line naming nobody is reported, never created.
 */
export async function importEnrolments(tx: Db, actor: AuditActor, input: { csv: string; apply: boolean; reason: string }): Promise<Result> {
  const parsed = parse(input.csv);
  const emails = [...new Set(parsed.map((p) => p.email.toLowerCase()).filter(Boolean))];
  const ids = [...new Set(parsed.flatMap((p) => (p.contentsid === null ? [] : [p.contentsid])))];
  const members = emails.length
    ? await all(tx, sql<{ useruid: string; email: string; left_at: string | null }>`select useruid, lower(email) as email, left_at
        from members where lower(email) in (${sql.join(emails)})`)
    : [];
  const classes = ids.length ? await all(tx, sql<{ contentsid: number }>`select contentsid from lectures where contentsid in (${sql.join(ids)})`) : [];
  const byEmail = new Map(members.map((m) => [m.email, m]));
  const known = new Set(classes.map((c) => c.contentsid));
  const rows = members.length
    ? await all(tx, sql<EnrollmentRow>`select * from enrollments where useruid in (${sql.join(members.map((m) => m.useruid))})`)
    : [];
  const current = new Map(rows.map((r) => [`${r.useruid}:${r.contentsid}`, r]));
  const seen = new Set<string>();
  const lines: Line[] = [];
  for (const p of parsed) {
    const member = byEmail.get(p.email.toLowerCase());
    const key = member && `${member.useruid}:${p.contentsid}`;
    const problem =
      p.problem ??
      (!member ? UNKNOWN_MEMBER : member.left_at ? MEMBER_LEFT : !known.has(p.contentsid!) ? NO_CLASS : seen.has(key!) ? REPEATED : null);
    const base = { line: p.line, email: p.email, contentsid: p.contentsid, enddate: p.enddate };
    if (problem) {
      lines.push({ ...base, outcome: 'error', message: problem });
      continue;
    }
    seen.add(key!);
    // The preview's outcome is read from the rows as they are; applying asks the change itself, under its lock.
    const outcome = input.apply
      ? await changeEnrolment(tx, actor, { useruid: member!.useruid, contentsid: p.contentsid!, action: 'enrol', enddate: p.enddate, reason: input.reason })
      : plannedEnrol(current.get(key!), p.enddate).outcome;
    lines.push({ ...base, outcome: outcome as Line['outcome'], message: null });
  }
  const count = (o: Line['outcome']) => lines.filter((l) => l.outcome === o).length;
  return {
    applied: input.apply,
    lines,
    counts: { granted: count('granted'), changed: count('changed'), unchanged: count('unchanged'), error: count('error') },
  };
}
