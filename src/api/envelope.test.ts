import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as z from 'zod/mini';
import { readEnvelope } from './envelope';

/** The envelope's shape as zod states it: the reference the hand-written check must agree with. */
const EnvelopeSchema = z.object({
  success: z.boolean(),
  respMessage: z.optional(z.nullable(z.string())),
  datas: z.optional(z.unknown()),
});

const envelopeLike = fc.oneof(
  fc.anything(),
  fc.record(
    { success: fc.oneof(fc.boolean(), fc.anything()), respMessage: fc.oneof(fc.string(), fc.constant(null), fc.anything()), datas: fc.anything() },
    { requiredKeys: [] },
  ),
);

describe('readEnvelope', () => {
  it('accepts exactly what the zod schema of the envelope accepts', () => {
    fc.assert(
      fc.property(envelopeLike, (value) => {
        expect(readEnvelope(value) !== undefined).toBe(EnvelopeSchema.safeParse(value).success);
      }),
      { numRuns: 5000 },
    );
  });

  it('reads success, respMessage and datas of a server answer', () => {
    expect(readEnvelope({ success: false, respMessage: '로그인 후 이용해주세요.', datas: null })).toEqual({
      success: false,
      respMessage: '로그인 후 이용해주세요.',
      datas: null,
    });
  });

  it('refuses a body that is not an envelope', () => {
    for (const body of [null, [], 'ok', 1, {}, { success: 'true' }, { success: true, respMessage: 3 }]) {
      expect(readEnvelope(body)).toBeUndefined();
    }
  });
});
