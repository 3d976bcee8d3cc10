import { afterAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, DEMO_TOKEN, MEMBER, DEMO_MEMBER } from './pact';
import { checkOwnedLectures, fetchPaymentInfo, saveOrder, updatePaid } from '../../src/api/queries/payment';
import { setAccessTokenSource } from '../../src/api/client';

/**
 * Calls of the yaml's `payment` tag made by checkout (issue 12): the owned check, Save with its idempotency key,
 * UpdatePaid, and the order read that resumes a checkout. Failures are the ones the payment page handles.
 */
const { like, integer, regex, eachLike } = MatchersV3;
const pact = storefrontApiPact();
const auth = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const KEY = '3f2c9d4e-8b1a-4c55-9e0f-1a2b3c4d5e6f';
const OTHER_KEY = '7a1b2c3d-0000-4c55-9e0f-000000000002';

afterAll(() => setAccessTokenSource(() => undefined));

const order = (over: Record<string, unknown>) =>
  like({
    paymentid: integer(9001),
    useruid: 'u-demo-1',
    contentsids: [104],
    title: like('매트 필라테스 중급 시퀀스'),
    amount: 47000,
    pointused: 1000,
    couponnumber: 'WELCOME5000',
    coupondiscount: 5000,
    paidamount: 41000,
    status: 'ready',
    paymethod: 'card',
    regdate: like('2024-05-01T10:00:00+09:00'),
    paiddate: null,
    pgtid: null,
    ...over,
  });

describe('payment calls of checkout (storefront-web → storefront-api)', () => {
  it('names the lectures the member already owns', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given('member owns lectures', { useruid: 'u-demo-1', contentsids: [101] })
      .uponReceiving('an owned check of lectures 101 and 104 by member u-demo-1')
      .withRequest('POST', '/api/Payment/IsCompleteTitle/', (b) =>
        b.headers(auth).jsonBody({ useruid: 'u-demo-1', contentsids: [101, 104] }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope({ iscomplete: true, contentsids: [101], titles: eachLike('처음 만나는 매트 필라테스') })),
      )
      .executeTest(async (server) => {
        const owned = await checkOwnedLectures('u-demo-1', [101, 104], clientFor(server.url));
        expect(owned).toMatchObject({ iscomplete: true, contentsids: [101] });
      });
  });

  it('saves an order priced by the server, with a coupon, points and an idempotency key', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    const body = {
      contentsids: [104],
      amount: 47000,
      coupondiscount: 5000,
      couponnumber: 'WELCOME5000',
      pointused: 1000,
      paidamount: 41000,
      paymethod: 'card' as const,
      useruid: 'u-demo-1',
      title: '',
    };
    return pact
      .addInteraction()
      .given('coupon is valid for member', { couponnumber: 'WELCOME5000', useruid: 'u-demo-1' })
      .given('member has usable points', { useruid: 'u-demo-1', points: 5500 })
      .uponReceiving('a Save of lecture 104 with coupon WELCOME5000 and 1,000 points by member u-demo-1')
      .withRequest('POST', '/api/Payment/Save/', (b) => b.headers({ ...auth, 'Idempotency-Key': like(KEY) }).jsonBody(body))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(order({}))))
      .executeTest(async (server) => {
        const saved = await saveOrder(body, KEY, clientFor(server.url));
        expect(saved).toMatchObject({ status: 'ready', paidamount: 41000, coupondiscount: 5000 });
      });
  });

  it('a tampered amount is refused with the message the page shows', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    const body = {
      contentsids: [104],
      amount: 1000,
      coupondiscount: 0,
      couponnumber: null,
      pointused: 0,
      paidamount: 1000,
      paymethod: 'card' as const,
      useruid: 'u-demo-1',
      title: '',
    };
    return pact
      .addInteraction()
      .given(MEMBER, DEMO_MEMBER)
      .uponReceiving('a Save of lecture 104 whose amounts differ from the server price')
      .withRequest('POST', '/api/Payment/Save/', (b) => b.headers({ ...auth, 'Idempotency-Key': like(OTHER_KEY) }).jsonBody(body))
      .willRespondWith(409, (b) => b.jsonBody({ success: false, respMessage: '결제 금액이 변경되었습니다. 다시 확인해주세요.' }))
      .executeTest(async (server) => {
        await expect(saveOrder(body, OTHER_KEY, clientFor(server.url))).rejects.toMatchObject({
          status: 409,
          message: '결제 금액이 변경되었습니다. 다시 확인해주세요.',
        });
      });
  });

  it('completes an order the card provider approved', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given('member has an open order with a card transaction', {
        useruid: 'u-demo-1',
        paymentid: 9001,
        contentsids: [106],
        amount: 61000,
        pgtid: 'LPT-PACT-0001',
        txstatus: 'approved',
      })
      .uponReceiving('an UpdatePaid of order 9001 with approved transaction LPT-PACT-0001')
      .withRequest('POST', '/api/Payment/UpdatePaid/', (b) =>
        b.headers(auth).jsonBody({ paymentid: 9001, pgtid: 'LPT-PACT-0001', amount: 61000 }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope(
            order({
              paymentid: 9001,
              status: 'paid',
              paiddate: like('2024-05-01T10:01:00+09:00'),
              pgtid: 'LPT-PACT-0001',
              contentsids: [106],
              title: like('전신 근력 매트 클래스'),
              amount: 61000,
              couponnumber: null,
              coupondiscount: 0,
              pointused: 0,
              paidamount: 61000,
            }),
          ),
        ),
      )
      .executeTest(async (server) => {
        const paid = await updatePaid(9001, 'LPT-PACT-0001', 61000, clientFor(server.url));
        expect(paid).toMatchObject({ status: 'paid', pgtid: 'LPT-PACT-0001' });
      });
  });

  it('refuses to complete an order whose card was declined (the page then reads the order)', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given('member has an open order with a card transaction', {
        useruid: 'u-demo-1',
        paymentid: 9002,
        contentsids: [106],
        amount: 61000,
        pgtid: 'LPT-PACT-0002',
        txstatus: 'declined',
      })
      .uponReceiving('an UpdatePaid of order 9002 whose transaction LPT-PACT-0002 was declined')
      .withRequest('POST', '/api/Payment/UpdatePaid/', (b) =>
        b.headers(auth).jsonBody({ paymentid: 9002, pgtid: 'LPT-PACT-0002', amount: 61000 }),
      )
      .willRespondWith(409, (b) => b.jsonBody({ success: false, respMessage: like('승인되지 않은 결제입니다.') }))
      .executeTest(async (server) => {
        await expect(updatePaid(9002, 'LPT-PACT-0002', 61000, clientFor(server.url))).rejects.toMatchObject({ status: 409 });
      });
  });

  it('reads the member’s own order to resume a checkout', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given('member has an open order with a card transaction', {
        useruid: 'u-demo-1',
        paymentid: 9003,
        contentsids: [106],
        amount: 61000,
        pgtid: 'LPT-PACT-0003',
        txstatus: 'approved',
      })
      .uponReceiving('a read of open order 9003 of member u-demo-1')
      .withRequest('GET', '/api/Payment/GetInfo/9003/0', (b) => b.headers(auth))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope(
            order({
              paymentid: 9003,
              contentsids: [106],
              title: like('전신 근력 매트 클래스'),
              amount: 61000,
              couponnumber: null,
              coupondiscount: 0,
              pointused: 0,
              paidamount: 61000,
            }),
          ),
        ),
      )
      .executeTest(async (server) => {
        const o = await fetchPaymentInfo(9003, 0, clientFor(server.url));
        expect(o).toMatchObject({ paymentid: 9003, status: 'ready' });
      });
  });

  it('another member’s order is not found (its existence is not revealed)', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given('member has an open order with a card transaction', {
        useruid: 'u-demo-2',
        paymentid: 9004,
        contentsids: [106],
        amount: 61000,
        pgtid: 'LPT-PACT-0004',
        txstatus: 'approved',
      })
      .uponReceiving('a read by member u-demo-1 of order 9004 of member u-demo-2')
      .withRequest('GET', '/api/Payment/GetInfo/9004/0', (b) => b.headers(auth))
      .willRespondWith(404, (b) => b.jsonBody({ success: false, respMessage: like('결제 정보를 찾을 수 없습니다.') }))
      .executeTest(async (server) => {
        await expect(fetchPaymentInfo(9004, 0, clientFor(server.url))).rejects.toMatchObject({ status: 404 });
      });
  });
});
