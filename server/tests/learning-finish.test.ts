import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../testing';

// Issue 26 (learning): the continue block's facts, the preview for anyone, buying an ended class again.
let s: TestServer;
let otherToken = '';
beforeAll(async () => {
  s = await testServer();
  otherToken = (await s.call('POST', '/local/auth/sign-in', { body: { email: 'new@demo.kr', remember: false }, auth: false })).json
    .datas.accessToken;
}, 60_000);
afterAll(() => s?.close());

const asOther = () => ({ headers: { Authorization: `Bearer ${otherToken}` }, auth: false });
const visitor = { auth: false } as const;
// Seed: u-demo-1 owns 101 now (10111 its preview, 10112 a class video) and owned 105 until 20 days ago.
const ENDED = 105;

describe('GetLastWatchTime carries what "이어서 학습하기" shows', () => {
  it('the class thumbnail and the end of the enrolment come with the video and second', async () => {
    const r = await s.call('GET', '/api/Contents/GetLastWatchTime/u-demo-1');
    expect(r.status).toBe(200);
    expect(r.json.datas).toMatchObject({ contentsid: 101, thumbnail: expect.stringMatching(/101/) });
    expect(Date.parse(r.json.datas.expiredate)).toBeGreaterThan(Date.now());
  });

  it("another member's useruid is 403, no token 401", async () => {
    expect((await s.call('GET', '/api/Contents/GetLastWatchTime/u-demo-1', asOther())).status).toBe(403);
    expect((await s.call('GET', '/api/Contents/GetLastWatchTime/u-demo-1', visitor)).status).toBe(401);
  });
});

describe('a preview plays for anyone, a class video only for its owner', () => {
  it('a visitor gets the preview source without a token', async () => {
    const r = await s.call('GET', '/api/Contents/GetVideoSourceUrl/10111', visitor);
    expect(r.status).toBe(200);
    expect(r.json.datas.sourceurl).toContain('DataGetMedia');
  });

  it('a class video is 401 for a visitor and 403 for a member who does not own the class', async () => {
    expect((await s.call('GET', '/api/Contents/GetVideoSourceUrl/10112', visitor)).status).toBe(401);
    const other = await s.call('GET', '/api/Contents/GetVideoSourceUrl/10112', asOther());
    expect(other.status).toBe(403);
  });

  it('a class video of an ended enrolment is 403 for its former owner', async () => {
    expect((await s.call('GET', `/api/Contents/GetVideoSourceUrl/${ENDED * 100 + 12}`)).status).toBe(403);
  });
});

describe('an ended class can be bought again, an active one cannot', () => {
  const order = async (contentsid: number, key: string) => {
    const price = (await s.call('GET', `/api/Contents/GetOnlineDetail/${contentsid}/u-demo-1`)).json.datas.saleprice as number;
    return s.call('POST', '/api/Payment/Save/', {
      headers: { 'Idempotency-Key': key },
      body: {
        useruid: 'u-demo-1',
        contentsids: [contentsid],
        title: '재구매',
        amount: price,
        pointused: 0,
        couponnumber: null,
        coupondiscount: 0,
        paidamount: price,
        paymethod: 'card',
      },
    });
  };

  it('the ended class goes into the cart and into an order', async () => {
    expect((await s.call('GET', `/api/Cart/add/lecture/u-demo-1/${ENDED}`)).status).toBe(200);
    const r = await order(ENDED, 'rebuy-105');
    expect(r.status).toBe(200);
    expect(r.json.datas.paymentid).toBeGreaterThan(0);
  });

  it('a class the member owns now is refused in the cart and in an order', async () => {
    const cart = await s.call('GET', '/api/Cart/add/lecture/u-demo-1/101');
    expect(cart.status).toBe(409);
    const r = await order(101, 'rebuy-101');
    expect(r.status).toBe(409);
    expect(r.json.respMessage).toContain('이미 수강 중인 강의입니다');
  });
});
