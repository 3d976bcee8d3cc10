import { describe, expect, it, vi } from 'vitest';
import type { PaymentRequest, PaymentResponse } from '@portone/browser-sdk/v2';
import { createPortOneProvider, PORTONE_CANCELLED_MESSAGE, type PortOneSdk } from './portone';

const settings = { storeId: 'store-test-1', channelKey: 'channel-key-test', origin: 'https://shop.example.kr' };
const request = {
  paymentid: 7001,
  amount: 82000,
  orderName: '매트 필라테스 입문 외 1건',
  customer: { email: 'a@b.kr', name: '김필라' },
};

/** A fake of the SDK module boundary, typed by the SDK's own request and response types. */
function fakeSdk(answer: PaymentResponse | undefined) {
  const seen: PaymentRequest[] = [];
  const sdk: PortOneSdk = {
    requestPayment: vi.fn(async (r: PaymentRequest) => {
      seen.push(r);
      return answer;
    }),
  };
  return { sdk, seen };
}

const base: PaymentResponse = { transactionType: 'PAYMENT', txId: 'tx-01', paymentId: '7001' };

describe('PortOne V2 adapter', () => {
  it('asks for the server order: its id as paymentId, its amount in KRW, the store and channel from configuration', async () => {
    const { sdk, seen } = fakeSdk(base);
    const outcome = await createPortOneProvider(sdk, settings).pay(request);
    expect(seen[0]).toMatchObject({
      storeId: 'store-test-1',
      channelKey: 'channel-key-test',
      paymentId: '7001',
      orderName: '매트 필라테스 입문 외 1건',
      totalAmount: 82000,
      currency: 'CURRENCY_KRW',
      payMethod: 'CARD',
      redirectUrl: 'https://shop.example.kr/paymentSuccess',
    });
    expect(outcome).toEqual({ kind: 'approved', pgtid: 'tx-01', amount: 82000 });
  });

  it('a failure code is a decline carrying the provider message', async () => {
    const { sdk } = fakeSdk({ ...base, code: 'FAILURE_TYPE_PG', message: '[4001] 한도 초과 카드입니다.' });
    expect(await createPortOneProvider(sdk, settings).pay(request)).toEqual({
      kind: 'declined',
      message: '[4001] 한도 초과 카드입니다.',
    });
  });

  it('the member closing the window is a cancel, not a decline', async () => {
    const { sdk } = fakeSdk({
      ...base,
      code: 'FAILURE_TYPE_PG',
      pgCode: 'PAY_PROCESS_CANCELED',
      message: '사용자가 결제를 취소하였습니다',
    });
    expect(await createPortOneProvider(sdk, settings).pay(request)).toEqual({
      kind: 'cancelled',
      message: PORTONE_CANCELLED_MESSAGE,
    });
  });

  it('no answer means the browser is redirecting: the promise never settles here', async () => {
    const { sdk } = fakeSdk(undefined);
    const settled = await Promise.race([
      createPortOneProvider(sdk, settings)
        .pay(request)
        .then(() => 'settled'),
      new Promise((r) => setTimeout(() => r('pending'), 20)),
    ]);
    expect(settled).toBe('pending');
  });
});
