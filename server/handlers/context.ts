import type { Db } from '../db/database';
import type { OperationSpec } from '../openapi/spec';
import type { LocalAuth } from '../local/auth';

export interface Services {
  db: Db;
  auth: LocalAuth;
  /** Where uploads and other runtime files live (.data or a temp dir). */
  dataDir: string;
}

export interface Ctx {
  op: OperationSpec;
  params: Record<string, any>;
  query: Record<string, any>;
  body: any;
  form: FormData | undefined;
  req: Request;
  /** The signed-in member, present on secured operations. */
  member: { useruid: string; email: string } | undefined;
  s: Services;
}

/** What a handler returns: an envelope (status 200 unless given) or a finished Response (files, media). */
export type HandlerResult = { status?: number; body: unknown } | Response;
export type Handler = (ctx: Ctx) => Promise<HandlerResult> | HandlerResult;

/** A failure the caller should see: the status and the Korean message of the envelope. */
export class Failure extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export const ok = (datas: unknown, respMessage = ''): HandlerResult => ({ body: { success: true, respMessage, datas } });
export const notFound = (what = '요청하신 정보'): never => {
  throw new Failure(404, `${what}를 찾을 수 없습니다.`);
};
export const fail = (status: number, message: string): never => {
  throw new Failure(status, message);
};
