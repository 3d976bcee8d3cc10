import { describe, expect, it } from 'vitest';
import { catalogue } from '../contracts/provider/catalogue';

// A states.ts in miniature, written as the real one is (withDb, parameter readers, a helper of the file).
const states = `
import { sql, type Kysely } from 'kysely';
import { uploadedFile } from '../consumer/fixtures';
export function stateHandlers(db: Kysely<any> | undefined) {
  const withDb = (fn: any) => async (params: any) => { if (db) await fn(db, params); };
  return {
    'the demo catalogue is seeded': async () => undefined,

    // The cart holds exactly these lectures.
    'member has lectures in the cart': withDb(async (db, p) => {
      const useruid = text(p, 'useruid');
      await sql\`delete from carts where useruid = \${useruid}\`.execute(db);
      for (const id of ids(p, 'contentsids'))
        await sql\`insert into carts (useruid, contentsid) values (\${useruid}, \${id})\`.execute(db);
    }),

    'member has uploaded a file': withDb((db, p) => ensureUpload(db, text(p, 'useruid'), uploadedFile.filename)),

    'member has a paid order': withDb(async (db, p) => {
      const coupon = typeof p.couponnumber === 'string' ? p.couponnumber : null;
      await sql\`update payments set status = 'paid', couponnumber = \${coupon} where paymentid = \${id(p, 'paymentid')}\`.execute(db);
    }),
  };
}
/** An upload the member made. */
async function ensureUpload(db: Kysely<any>, useruid: string, filename: string, size = 37) {
  await sql\`insert into uploads (filename, size, uploaded_by) values (\${filename}, \${size}, \${useruid})\`.execute(db);
}
`;

const pacts = [
  {
    name: 'web-api.json',
    json: {
      consumer: { name: 'web' },
      provider: { name: 'api' },
      interactions: [
        { description: 'a cart list', providerStates: [{ name: 'member has lectures in the cart', params: { useruid: 'u-1', contentsids: [104] } }] },
        { description: 'a counters request', providerStates: [{ name: 'the demo catalogue is seeded' }] },
        { description: 'a teacher page', providerStates: [{ name: 'member is a teacher', params: { useruid: 'u-1' } }] },
      ],
    },
  },
];

const md = catalogue(states, pacts, { uploadedFile: { filename: '20240315_8c1d2f.txt' } });
const section = (name: string) => md.slice(md.indexOf(`## ${name}\n`)).split('\n## ')[0]!;

describe('the provider-state catalogue (contracts/PROVIDER_STATES.md)', () => {
  it('lists every state of states.ts with its parameters and how many interactions name it', () => {
    expect(md).toContain('| [member has lectures in the cart](#member-has-lectures-in-the-cart) | `useruid`, `contentsids` | 1 |');
    expect(md).toContain('| [member has uploaded a file](#member-has-uploaded-a-file) | `useruid` | 0 |');
    expect(md).toContain('(4 states, 3 interactions)');
  });

  it("gives a state's meaning, typed parameters and data, helpers followed with the caller's values", () => {
    const cart = section('member has lectures in the cart');
    expect(cart).toContain('The cart holds exactly these lectures.');
    expect(cart).toContain('Parameters: `useruid` (string), `contentsids` (list of integers).');
    expect(cart).toContain('delete from carts where useruid = :useruid;');
    expect(section('member has uploaded a file')).toContain(
      "insert into uploads (filename, size, uploaded_by) values ('20240315_8c1d2f.txt', 37, :useruid);",
    );
    expect(section('member has a paid order')).toContain('Parameters: `couponnumber` (optional), `paymentid` (integer).');
    expect(section('the demo catalogue is seeded')).toContain('Data: nothing beyond the seed.');
  });

  it('names the interactions that use each state, with their parameters, and the states nothing uses', () => {
    expect(section('member has lectures in the cart')).toContain('- web → api: "a cart list" `{"useruid":"u-1","contentsids":[104]}`');
    expect(section('member has uploaded a file')).toContain('Used by no interaction.');
  });

  it('flags a state a pact names that no handler sets up', () => {
    expect(md).toContain('**Named by a pact but without a handler** (verification fails on them):\n\n- member is a teacher');
  });
});
