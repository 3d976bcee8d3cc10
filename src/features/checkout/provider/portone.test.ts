import { describe, expect, it, vi } from 'vitest';
import type { PaymentRequest, PaymentResponse } from '@portone/browser-sdk/v2';
import { createPortOneProvider, PORTONE_CANCELLED_MESSAGE, type PortOneSdk, type PortOneSettings } from './portone';
import type { CardPaymentRequest } from './port';

const settings: PortOneSettings = {
  storeId: 'store-test-1',
  channels: { card: 'channel-key-test', kakaopay: 'channel-key-kakao', tosspay: 'channel-key-toss' },
  origin: 'https://shop.example.kr',
};
const request: CardPaymentRequest = {
  paymentid: 7001,
  providerPaymentId: 'pay-3f9c2a7e',
  amount: 82000,
  orderName: '매트 필라테스 입문 외 1건',
  customer: { email: 'a@b.kr', name: '김필라' },
  method: 'card',
  installmentMonth: 0,
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
  it("asks for the server order: the server's provider id as paymentId, its amount in KRW, the store and channel from configuration", async () => {
    const { sdk, seen } = fakeSdk(base);
    const outcome = await createPortOneProvider(sdk, settings).pay(request);
    expect(seen[0]).toMatchObject({
      storeId: 'store-test-1',
      channelKey: 'channel-key-test',
      paymentId: 'pay-3f9c2a7e',
      orderName: '매트 필라테스 입문 외 1건',
      totalAmount: 82000,
      currency: 'CURRENCY_KRW',
      payMethod: 'CARD',
      redirectUrl: 'https://shop.example.kr/paymentSuccess?paymentid=7001',
    });
    expect(outcome).toEqual({ kind: 'approved', pgtid: 'tx-01', amount: 82000 });
  });

  it('일시불 by card sends no installment, so the card window opens on its default', async () => {
    const { sdk, seen } = fakeSdk(base);
    await createPortOneProvider(sdk, settings).pay(request);
    expect(seen[0]).not.toHaveProperty('card');
    expect(seen[0]).not.toHaveProperty('easyPay');
  });

  it('an installment the member chose is fixed in the card window', async () => {
    const { sdk, seen } = fakeSdk(base);
    await createPortOneProvider(sdk, settings).pay({ ...request, installmentMonth: 6 });
    expect(seen[0]).toMatchObject({ payMethod: 'CARD', card: { installment: { monthOption: { fixedMonth: 6 } } } });
  });

  it.each([
    ['kakaopay', 'KAKAOPAY', 'channel-key-kakao'],
    ['tosspay', 'TOSSPAY', 'channel-key-toss'],
  ] as const)('%s opens the provider directly on its own channel', async (method, provider, channelKey) => {
    const { sdk, seen } = fakeSdk(base);
    const outcome = await createPortOneProvider(sdk, settings).pay({ ...request, method });
    expect(seen[0]).toMatchObject({ payMethod: 'EASY_PAY', channelKey, easyPay: { easyPayProvider: provider } });
    expect(seen[0]).not.toHaveProperty('card');
    expect(outcome).toEqual({ kind: 'approved', pgtid: 'tx-01', amount: 82000 });
  });

  it('a method without a configured channel is refused before any window opens', async () => {
    const { sdk, seen } = fakeSdk(base);
    await expect(createPortOneProvider(sdk, settings).pay({ ...request, method: 'naverpay' })).rejects.toThrow(
      '선택한 결제수단을 사용할 수 없습니다.',
    );
    expect(seen).toEqual([]);
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
