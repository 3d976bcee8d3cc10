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
}

export function mailSettings(env: Record<string, string | undefined>, given: Partial<MailSettings> = {}): MailSettings {
  return {
    smtpUrl: given.smtpUrl ?? (env.SMTP_URL || undefined),
    from: given.from ?? (env.MAIL_FROM || `"${BUSINESS.company}" <no-reply@pilates-rehab.example>`),
    storeUrl: (given.storeUrl ?? (env.STORE_URL || `http://localhost:${env.PORT || 4173}`)).replace(/\/$/, ''),
  };
}
