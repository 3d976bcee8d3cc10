import type { operations } from '../../src/api/schema.gen';
import type { Ctx, Handler } from './context';

/**
 * Handler types derived from the generated `operations` (openapi-typescript's rendering of the yaml):
 * a renamed operation, parameter or field fails `npx tsc --noEmit` in the handler that uses it.
 */
export type OperationId = keyof operations;

/** `{}` with no keys: reading any property of it is a compile error (the operation has no such part). */
type None = Readonly<Record<never, never>>;
type OrNone<T> = [NonNullable<T>] extends [never] ? None : NonNullable<T>;

export type PathOf<Op extends OperationId> = OrNone<operations[Op]['parameters']['path']>;
export type QueryOf<Op extends OperationId> = OrNone<operations[Op]['parameters']['query']>;

type RequestBody<Op extends OperationId> = operations[Op] extends { requestBody?: infer R } ? R : undefined;
type JsonBody<R> = [NonNullable<R>] extends [never]
  ? undefined
  : NonNullable<R> extends { content: { 'application/json': infer B } }
    ? B
    : undefined;
/** The parsed JSON body; `undefined` too when the yaml makes the body optional (nothing sent). */
export type BodyOf<Op extends OperationId> =
  undefined extends RequestBody<Op> ? JsonBody<RequestBody<Op>> | undefined : JsonBody<RequestBody<Op>>;

type Success<Op extends OperationId> = operations[Op]['responses'] extends { 200: { content: { 'application/json': infer E } } }
  ? E
  : never;
/** What `datas` of the operation's 200 envelope holds. */
export type DatasOf<Op extends OperationId> = Success<Op> extends { datas?: infer D } ? D : never;

/** The dispatcher's context with path, query and body typed for one operation (the yaml validated them). */
export type OpCtx<Op extends OperationId> = Omit<Ctx, 'params' | 'query' | 'body'> & {
  params: PathOf<Op>;
  query: QueryOf<Op>;
  body: BodyOf<Op>;
};

/**
 * A 200 envelope; built by `ok` so the datas are checked against the operation the handler answers. 202 (`accepted`):
 * the same envelope for a request taken but not finished (UpdatePaid while PortOne cannot be asked).
 */
export interface Ok<D> {
  status?: 200 | 202;
  body: { success: true; respMessage: string; datas: D };
}
/** What a handler of `Op` returns: its success envelope, or a finished Response (files, media). */
export type Reply<Op extends OperationId> = Ok<DatasOf<Op>> | Response;
export type OpHandler<Op extends OperationId> = (ctx: OpCtx<Op>) => Reply<Op> | Promise<Reply<Op>>;

/** One handler per operationId; a tag's file `satisfies Partial<Handlers>`, the index `satisfies Handlers`. */
export type Handlers = { [Op in OperationId]: OpHandler<Op> };

/**
 * The success envelope. `D` is taken from where the value goes (the handler's declared reply), never from
 * the value itself, so an object literal is checked field by field against the yaml, extra fields included;
 * outside a typed handler `D` is `never` and nothing but `fail` compiles.
 */
export const ok = <D = never>(datas: NoInfer<D>, respMessage = ''): Ok<D> => ({ body: { success: true, respMessage, datas } });
export const accepted = <D = never>(datas: NoInfer<D>, respMessage: string): Ok<D> => ({ status: 202, body: { success: true, respMessage, datas } });

/** The typed table as the dispatcher sees it: it looks handlers up by the operationId it routed and validated. */
export const untyped = (handlers: Partial<Handlers>): Record<string, Handler> => handlers as unknown as Record<string, Handler>;
