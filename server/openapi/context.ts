import type { Db } from '../db/database';
import type { OperationSpec } from './spec';
import type { LocalAuth } from '../local/auth';
import type { Member, SupabaseMembers } from '../domain/member';
import type { Staff } from '../domain/staff';
import type { LectureStorage, TranscodeQueue } from '../domain/lectureMedia';
import type { PaymentGateway } from '../domain/paymentGateway';

export interface Services {
  db: Db;
  /** Who a bearer token names: the local stand-in's own tokens, or (Supabase mode) the project's tokens by email. */
  auth: LocalAuth | SupabaseMembers;
  /** Where uploads and other runtime files live (.data or a temp dir). */
  dataDir: string;
  /** The payment provider orders are confirmed with: PortOne when PORTONE_API_SECRET is set, else the local test card. */
  gateway: PaymentGateway;
  /** PortOne's webhook secret; PortOneWebhook answers 404 without PortOne. */
  webhookSecret?: string | undefined;
  /** Lecture video processing (pg-boss and ffmpeg); absent where ffmpeg is missing, and uploads are refused (503). */
  transcode?: TranscodeQueue | undefined;
  /** Where lecture videos are kept: the data folder, or S3 (`MEDIA_STORE=s3`, server/media/lectureStorage.ts). */
  lectureStorage: LectureStorage;
}

/** A request as the dispatcher checked it against the yaml; `OpCtx<Op>` (typed.ts) is the same, typed per operation. */
export interface Ctx {
  op: OperationSpec;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  form: FormData | undefined;
  req: Request;
  /** The signed-in member, present on secured operations. */
  member: Member | undefined;
  /**
   * 회원 화면으로 보기: staff reading as `member` under a grant (server/domain/viewAs.ts). The handler runs in a read-only
   * transaction; a read that would record something for the member (a first play) must not, and a member-wide read keeps
   * its answer inside `contentsid`.
   */
  viewAs?: { staff: string; contentsid: number; auditid: number } | undefined;
  /** The member's staff row on a console operation (`x-staff-roles`), its role already checked by the dispatcher. */
  staff?: Staff | undefined;
  /** The request's id as the access log writes it (`x-request-id`), for the audit trail. */
  requestId: string;
  s: Services;
  /** The connection's remote address as this server sees it ('' for an in-process request); see server/openapi/throttle.ts. */
  client: string;
  /** A JSON body's text as received, for signatures computed over its exact bytes (PortOneWebhook). */
  rawBody?: string | undefined;
}

/** What a handler returns: an envelope (status 200 unless given) or a finished Response (files, media). */
export type HandlerResult = { status?: number; body: unknown } | Response;
export type Handler = (ctx: Ctx) => Promise<HandlerResult> | HandlerResult;
