import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { testServer, type TestServer } from '../testing';
import { resetDatabase } from '../../scripts/db-reset';
// Engine parity: also run on PGlite in CI (scripts/test-all.sh): PGlite's data directory.

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
}, 30_000);
afterAll(() => server?.close());

describe('users table through the real supabase-js client', () => {
  it('upserts and reads active_session_token of the signed-in member (row-level access: server/tests/privacy.test.ts)', async () => {
    const supabase = createClient(server.url, 'local-anon-key', {
      auth: { persistSession: false, autoRefreshToken: false },
      // As a Supabase Auth session does: the member's access token is the bearer, the anon key the apikey.
      global: { headers: { Authorization: `Bearer ${server.token}` } },
      // Node 20 has no global WebSocket; realtime is never connected here, a stub transport satisfies its constructor.
      realtime: { transport: class {} as any },
    });
    const up = await supabase.from('users').upsert({ id: 'u-demo-1', last_login: '2024-05-01T10:00:00', active_session_token: 'tok-1' }, { onConflict: 'id' });
    expect(up.error).toBeNull();
    const again = await supabase.from('users').upsert([{ id: 'u-demo-1', last_login: '2024-05-02T10:00:00', active_session_token: 'tok-2' }], { onConflict: 'id' });
    expect(again.error).toBeNull();
    const read = await supabase.from('users').select('active_session_token').eq('id', 'u-demo-1').maybeSingle();
    expect(read.error).toBeNull();
    expect(read.data).toEqual({ active_session_token: 'tok-2' });
    const none = await supabase.from('users').select('active_session_token').eq('id', 'nobody').maybeSingle();
    expect(none.data).toBeNull();
    const single = await supabase.from('users').select('active_session_token').eq('id', 'u-demo-1').single();
    expect(single.data).toEqual({ active_session_token: 'tok-2' });
  });
});

describe('local card payment verified in Payment/UpdatePaid', () => {
  async function order(contentsid: number) {
    const price = (await server.call('POST', '/api/Contents/GetOrderLectures/', { body: { contentsids: [contentsid] } })).json.datas[0].saleprice;
    const saved = await server.call('POST', '/api/Payment/Save/', { body: { useruid: 'u-demo-1', contentsids: [contentsid], title: 't', amount: price, pointused: 0, coupondiscount: 0, paidamount: price, paymethod: 'card' } });
    expect(saved.status).toBe(200);
    return { paymentid: saved.json.datas.paymentid as number, price: price as number };
  }
  async function approved(paymentid: number, amount: number) {
    const t = await server.call('POST', '/local/pay/transactions', { body: { paymentid, amount, method: 'card' } });
    const pgtid = t.json.datas.pgtid as string;
    expect((await server.call('POST', `/local/pay/transactions/${pgtid}/approve`)).status).toBe(200);
    return pgtid;
  }

  it('refuses an amount that differs from the saved order', async () => {
    const { paymentid, price } = await order(106);
    const pgtid = await approved(paymentid, price - 1000);
    const r = await server.call('POST', '/api/Payment/UpdatePaid/', { body: { paymentid, pgtid, amount: price - 1000 } });
    expect(r.status).toBe(409);
    expect(r.json.respMessage).toMatch(/금액/);
  });

  it('completes once and refuses a second completion', async () => {
    const { paymentid, price } = await order(107);
    const pgtid = await approved(paymentid, price);
    const first = await server.call('POST', '/api/Payment/UpdatePaid/', { body: { paymentid, pgtid, amount: price } });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.datas.status).toBe('paid');
    const second = await server.call('POST', '/api/Payment/UpdatePaid/', { body: { paymentid, pgtid, amount: price } });
    expect(second.status).toBe(409);
    expect(second.json.respMessage).toBe('이미 결제가 완료된 주문입니다.');
  });

  it('keeps the method and installment the member chose, as PortOne records them', async () => {
    const { paymentid, price } = await order(109);
    const kakao = await server.call('POST', '/local/pay/transactions', { body: { paymentid, amount: price, method: 'kakaopay' } });
    const card = await server.call('POST', '/local/pay/transactions', { body: { paymentid, amount: price, method: 'card', installmentMonth: 6 } });
    const read = async (pgtid: string) => (await server.call('GET', `/local/pay/transactions/${pgtid}`)).json.datas;
    expect(await read(kakao.json.datas.pgtid)).toMatchObject({ method: 'kakaopay', installmentMonth: 0 });
    expect(await read(card.json.datas.pgtid)).toMatchObject({ method: 'card', installmentMonth: 6 });
  });

  it('refuses a declined card', async () => {
    const { paymentid, price } = await order(108);
    const t = await server.call('POST', '/local/pay/transactions', { body: { paymentid, amount: price, method: 'card' } });
    await server.call('POST', `/local/pay/transactions/${t.json.datas.pgtid}/decline`);
    const r = await server.call('POST', '/api/Payment/UpdatePaid/', { body: { paymentid, pgtid: t.json.datas.pgtid, amount: price } });
    expect(r.status).toBe(409);
  });
});

describe('media and files', () => {
  it('serves the sample video with ranges and PDFs with a Korean filename', async () => {
    const src = await server.call('GET', '/api/Contents/GetVideoSourceUrl/10112');
    const r = await fetch(server.url + src.json.datas.sourceurl, { headers: { Range: 'bytes=0-9' } });
    expect(r.status).toBe(206);
    expect(r.headers.get('accept-ranges')).toBe('bytes');
    expect(r.headers.get('content-range')).toMatch(/^bytes 0-9\/\d+$/);
    expect((await r.arrayBuffer()).byteLength).toBe(10);
    const pdf = await fetch(`${server.url}/api/file/downloadstream?filename=pdf-101.pdf&originalFilename=${encodeURIComponent('교안.pdf')}`, { headers: { 'X-Storefront-Client': 'web/1.0', Authorization: `Bearer ${server.token}` } });
    expect(pdf.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('교안.pdf')}`);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('persistence', () => {
  it('keeps a cart across restarts and db:reset restores the demo data', { timeout: 45_000 }, async () => {
    if (process.env.DATABASE_URL) return; // the data-dir case is PGlite's
    const dir = mkdtempSync(join(tmpdir(), 'storefront-persist-'));
    let s = await testServer({ dbDir: dir, memory: false, databaseUrl: undefined });
    const add = await s.call('GET', '/api/Cart/add/lecture/u-demo-1/109');
    expect(add.status, JSON.stringify(add.json)).toBe(200);
    await s.close();
    s = await testServer({ dbDir: dir, memory: false, databaseUrl: undefined });
    const list = await s.call('GET', '/api/Cart/list/lecture/u-demo-1/0');
    expect(list.json.datas.items.map((i: any) => i.contentsid).sort()).toEqual([104, 109]);
    await s.close();
    await resetDatabase({ dir: join(dir, 'pgdata') });
    s = await testServer({ dbDir: dir, memory: false, databaseUrl: undefined });
    const after = await s.call('GET', '/api/Cart/list/lecture/u-demo-1/0');
    expect(after.json.datas.items.map((i: any) => i.contentsid)).toEqual([104]);
    await s.close();
  });
});
