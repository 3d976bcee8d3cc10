import * as z from 'zod/mini';

/** The common response envelope, checked once at the client boundary. */
export const Envelope = z.object({
  success: z.boolean(),
  respMessage: z.optional(z.nullable(z.string())),
  datas: z.optional(z.unknown()),
});
export type Envelope = z.infer<typeof Envelope>;
