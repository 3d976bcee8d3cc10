import { randomUUID } from 'node:crypto';
import type { RequestListener } from 'node:http';

/** The yaml operation a request is for, and the path template it matched (`/api/Cart/{useruid}`). */
export type OperationOf = (method: string, pathname: string) => { operationId: string; path: string } | undefined;

/** One JSON line per request, for a log collector. */
export interface RequestLogLine {
  time: string;
  level: 'info' | 'warn' | 'error';
  msg: 'request';
  requestId: string;
  method: string;
  /** The yaml's path template for an API call, so no member id, email or signature is written; the path otherwise. */
  path: string;
  operation: string | undefined;
  /** 499: the client went away before the answer was written. */
  status: number;
  ms: number;
}

/** A caller's own id is kept when it looks like one (a load balancer's or a client's); anything else is replaced. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Structured access log in front of every other listener: a request id taken from `x-request-id` (or made) and sent
 * back on the response, then method, operation, status and duration when the answer is done. Never a query string
 * (signed links carry their signature there), a header or a body, so no token, phone number or card detail is logged.
 */
export function withRequestLog(next: RequestListener, operationOf: OperationOf, write: (line: RequestLogLine) => void): RequestListener {
  return (req, res) => {
    const started = process.hrtime.bigint();
    const given = req.headers['x-request-id'];
    const requestId = typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
    res.setHeader('x-request-id', requestId);
    // The handlers see the same id (the audit trail records it).
    req.headers['x-request-id'] = requestId;
    const method = req.method ?? 'GET';
    const pathname = (req.url ?? '/').split('?')[0]!;
    let done = false;
    const log = (status: number) => {
      if (done) return;
      done = true;
      const match = operationOf(method, pathname);
      write({
        time: new Date().toISOString(),
        level: status >= 500 ? 'error' : status >= 400 && status !== 404 && status !== 499 ? 'warn' : 'info',
        msg: 'request',
        requestId,
        method,
        path: match?.path ?? pathname,
        operation: match?.operationId,
        status,
        ms: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
      });
    };
    res.once('finish', () => log(res.statusCode));
    res.once('close', () => log(res.writableFinished ? res.statusCode : 499));
    return next(req, res);
  };
}

/** Writes each line as JSON on stdout (one line, no pretty-printing: what log collectors read). */
export const jsonLines = (line: RequestLogLine): void => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};
