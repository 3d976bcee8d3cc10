import type { AddressInfo } from 'node:net';

/**
 * The SMTP stand-in (issue 40): a real SMTP server (`smtp-server`) that parses what it receives (`mailparser`) and
 * keeps it, so the store's real sender (nodemailer, server/mail/transport.ts) runs against the wire it meets in
 * production. `npm start` in the demo sends to it and shows what arrived at /_mail (server/local/mailViewer.ts); the
 * tests read the mails back from it. Like a real receiving server it refuses a recipient it cannot deliver to: a
 * malformed address, or one in the reserved `.invalid` domain (RFC 2606), with 550.
 */

export interface CaughtMail {
  /** Its place in arrival order, from 1. */
  n: number;
  receivedAt: string;
  /** The envelope's recipients (RCPT TO). */
  envelopeTo: string[];
  messageId: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Every header as received, names in lower case. */
  headers: Record<string, string>;
}

export interface MailCatcher {
  url: string;
  port: number;
  mails(): CaughtMail[];
  /** Stops listening (a down server refuses connections); `start` listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

const KEEP = 500;
const DELIVERABLE = /^[^\s@<>()[\]\\,;:"]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i;

export interface MailCatcherOptions {
  port?: number;
  host?: string;
  /**
   * Tests: a mail for which this answers true is kept as received but never acknowledged (no 250 after DATA), as a
   * relay that took the message and then hung; its sender meets the reply's time-out, or dies waiting.
   */
  hold?: (mail: CaughtMail) => boolean;
}

export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const [{ SMTPServer }, { simpleParser }] = await Promise.all([import('smtp-server'), import('mailparser')]);
  const host = options.host ?? '127.0.0.1';
  const caught: CaughtMail[] = [];
  let count = 0;
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      banner: 'storefront mail stand-in',
      size: 10 * 1024 * 1024,
      onRcptTo(address, _session, callback) {
        const to = address.address;
        if (!DELIVERABLE.test(to) || /\.invalid$/i.test(to)) {
          const err = Object.assign(new Error(`5.1.1 <${to}>: Recipient address rejected: no such mailbox`), { responseCode: 550 });
          return callback(err);
        }
        callback();
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            const headers: Record<string, string> = {};
            for (const line of parsed.headerLines) headers[line.key] = line.line.slice(line.line.indexOf(':') + 1).trim();
            caught.push({
              n: ++count,
              receivedAt: new Date().toISOString(),
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              messageId: parsed.messageId ?? '',
              from: parsed.from?.text ?? '',
              to: Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? ''),
              subject: parsed.subject ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              text: parsed.text ?? '',
              headers,
            });
            if (caught.length > KEEP) caught.shift();
            if (!options.hold?.(caught[caught.length - 1]!)) callback();
          })
          .catch((err: Error) => callback(err));
      },
    });
  let server = make();
  let port = options.port ?? 0;
  const start = async () => {
    server = make();
    await new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(port, host, () => ok());
    });
    port = ((server as unknown as { server: { address(): AddressInfo } }).server.address()).port;
  };
  await start();
  return {
    get url() {
      return `smtp://${host}:${port}`;
    },
    get port() {
      return port;
    },
    mails: () => [...caught],
    stop: () => new Promise<void>((ok) => server.close(() => ok())),
    start,
  };
}
