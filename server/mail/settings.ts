import { BUSINESS } from '../../rules/business';

/**
 * Where the store's mail goes (issue 40, .env.example): SMTP_URL (secret: it carries the relay's password), MAIL_FROM
 * (an address of the association's own domain, the one its SPF, DKIM and DMARC name: docs/deploy.md) and STORE_URL
 * (the public origin the mails link to). Without SMTP_URL nothing is sent: mails wait in the outbox, never lost.
 */
export interface MailSettings {
  smtpUrl: string | undefined;
  from: string;
  storeUrl: string;
  /**
   * How long one send may hold a mail before another worker may send it again (MAIL_LEASE_SECONDS, default 120): the
   * time a worker killed mid-send delays its mail. Longer than one send can take (the transport's time-outs: 10 s to
   * connect, 10 s for the greeting, 30 s of silence).
   */
  leaseMs: number;
}

export function mailSettings(env: Record<string, string | undefined>, given: Partial<MailSettings> = {}): MailSettings {
  return {
    smtpUrl: given.smtpUrl ?? (env.SMTP_URL || undefined),
    from: given.from ?? (env.MAIL_FROM || `"${BUSINESS.company}" <no-reply@pilates-rehab.example>`),
    leaseMs: given.leaseMs ?? leaseSeconds(env.MAIL_LEASE_SECONDS) * 1000,
    storeUrl: (given.storeUrl ?? (env.STORE_URL || `http://localhost:${env.PORT || 4173}`)).replace(/\/$/, ''),
  };
}

function leaseSeconds(raw: string | undefined): number {
  if (!raw?.trim()) return 120;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 3600) throw new Error(`MAIL_LEASE_SECONDS must be a whole number of seconds from 1 to 3600 (got "${raw}")`);
  return n;
}
