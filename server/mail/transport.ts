import { createHash } from 'node:crypto';
import { oneLine } from './layout';
import type { RenderedMail } from './templates';

/**
 * Sending over SMTP with nodemailer (SMTP_URL, e.g. `smtps://user:pass@smtp.example.com:465`; MAIL_FROM, e.g.
 * `"필라테스재활협회" <no-reply@pilates-rehab.example>`). One mail of the outbox always goes out with the same
 * Message-ID and idempotency key, so a copy sent again after a crash between sending and recording it is recognisable
 * as the same message (mail clients thread it as one; a receiving system keyed on it drops it).
 */

export interface OutgoingMail extends RenderedMail {
  to: string;
  toName: string;
  /** The outbox's event key: the message's identity. */
  eventKey: string;
  /** RFC 8058 one-click switch-off (reminders only). */
  unsubscribeUrl?: string | undefined;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** A refusal no retry changes (the server said 5xx for the recipient): kept as failed at once. */
export class MailRefused extends Error {}

/** The message's stable id: the same event, the same Message-ID, on every try and every process. */
export function messageIdOf(eventKey: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${createHash('sha256').update(eventKey).digest('hex').slice(0, 32)}@${domain}>`;
}

export const idempotencyKeyOf = (eventKey: string): string => createHash('sha256').update(`mail\n${eventKey}`).digest('hex');

export async function smtpTransport(url: string, from: string): Promise<MailTransport> {
  const nodemailer = await import('nodemailer');
  const transporter = nodemailer.createTransport(url, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as never);
  return {
    async send(m) {
      try {
        const info = await transporter.sendMail({
          from,
          // The name is the member's own text: one line, and nodemailer encodes it as a display name.
          to: { name: oneLine(m.toName), address: m.to },
          subject: oneLine(m.subject),
          text: m.text,
          html: m.html,
          messageId: messageIdOf(m.eventKey, from),
          headers: {
            'X-Idempotency-Key': idempotencyKeyOf(m.eventKey),
            'Auto-Submitted': 'auto-generated',
            // RFC 8058: the mail client's own 수신 거부 button posts to the link, with no page in between.
            ...(m.unsubscribeUrl ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
          },
          ...(m.unsubscribeUrl ? { list: { unsubscribe: { url: m.unsubscribeUrl, comment: '수신 거부' } } } : {}),
        });
        if (info.rejected.length) throw new MailRefused(`the SMTP server refused ${info.rejected.join(', ')}`);
      } catch (err) {
        const code = (err as { responseCode?: number }).responseCode;
        if (code !== undefined && code >= 500) throw new MailRefused((err as Error).message);
        throw err;
      }
    },
    close: () => transporter.close(),
  };
}
