import { sql } from 'kysely';
import type { CertificateRow } from '../db/rows';
import { one } from '../db/query';
import { iso, isoOrNull } from '../lib/time';
import { fail } from '../lib/failure';
import { maskName } from '../domain/privacy';
import { ok, type Handlers } from '../openapi/typed';
import { ISSUER } from '../domain/certificates';
import { revokedMessage } from '../domain/certificateRevocation';
import { uncachedRead, type CacheTable } from '../openapi/cacheTags';
import { GUESSABLE, throttle } from '../openapi/throttle';

const UNKNOWN_CERTIFICATE = '확인할 수 없는 수료증 번호입니다. 번호를 다시 확인해주세요.';

/** The quiz tag's public certificate check (joined to `quiz` in `byTag`); numbers are issued by `certificateNumber`. */
export const quizCertificate = {
  async verifyCertificate(ctx) {
    // Anyone may check a number, but not try numbers at full speed (issue 23, finding 10): the allowance every
    // guessable number shares (issue 41).
    await throttle(ctx, GUESSABLE.certificate);
    const number = String(ctx.params.certificateno).trim().toUpperCase();
    const row = await one(
      ctx.s.db,
      sql<
        Pick<CertificateRow, 'certificateno' | 'issued_at' | 'revoked_at'> & { name: string; title: string }
      >`select c.certificateno, c.issued_at, c.revoked_at, m.name, l.title
        from certificates c join members m on m.useruid = c.useruid join lectures l on l.contentsid = c.contentsid
        where c.certificateno = ${number}`,
    );
    if (!row) return fail(404, UNKNOWN_CERTIFICATE);
    // A revoked certificate is still this number's answer: whoever holds the paper learns it no longer stands.
    return ok(
      {
        certificateno: row.certificateno,
        maskedname: maskName(row.name),
        title: row.title,
        completedate: iso(row.issued_at),
        issuer: ISSUER,
        revokedat: isoOrNull(row.revoked_at),
      },
      row.revoked_at ? revokedMessage(row.revoked_at) : undefined,
    );
  },
} satisfies Partial<Handlers>;

/** What each operation reads or writes, for the catalogue cache (server/openapi/cacheTags.ts). */
export const quizCertificateCache = {
  verifyCertificate: uncachedRead,
} satisfies CacheTable<typeof quizCertificate>;
