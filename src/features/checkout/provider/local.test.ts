import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: unknown[][] = [];
vi.mock('../../../api/queries/local', () => ({
  startLocalCardTransaction: vi.fn(async (...args: unknown[]) => {
    calls.push(args);
    return { pgtid: 'LPT-1', status: 'pending' };
  }),
  decideLocalCardTransaction: vi.fn(async (pgtid: string, decision: string) => ({
    transaction: { pgtid, status: decision === 'approve' ? 'approved' : 'declined', amount: 120000 },
    message: '',
  })),
}));

const { createLocalProvider } = await import('./local');
const request = {
  paymentid: 7002,
  providerPaymentId: 'pay-7002',
  amount: 120000,
  orderName: '재활 필라테스 심화',
  customer: { email: 'a@b.kr', name: '김필라' },
};

beforeEach(() => {
  calls.length = 0;
});

describe('the local test provider offers the choices PortOne does', () => {
  it('records the easy pay chosen and shows it in its window', async () => {
    const asked: unknown[] = [];
    const provider = createLocalProvider({
      ask: async (tx) => (asked.push(tx), 'approve'),
      redirect: false,
      leave: () => {},
    });
    expect(await provider.pay({ ...request, method: 'naverpay', installmentMonth: 0 })).toEqual({
      kind: 'approved',
      pgtid: 'LPT-1',
      amount: 120000,
    });
    expect(calls).toEqual([[7002, 120000, { method: 'naverpay', installmentMonth: 0 }]]);
    expect(asked).toEqual([expect.objectContaining({ method: 'naverpay', installmentMonth: 0, amount: 120000 })]);
  });

  it('a card installment reaches the provider; a declined redirect run returns through /paymentFail', async () => {
    const left: string[] = [];
    const provider = createLocalProvider({ ask: async () => 'decline', redirect: true, leave: (p) => left.push(p) });
    void provider.pay({ ...request, method: 'card', installmentMonth: 5 });
    await vi.waitFor(() => expect(left).toHaveLength(1));
    expect(calls).toEqual([[7002, 120000, { method: 'card', installmentMonth: 5 }]]);
    const back = new URL(left[0]!, 'https://shop.example.kr');
    expect(back.pathname).toBe('/paymentFail');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      paymentId: '7002',
      code: 'LOCAL_DECLINED',
      message: '결제가 거절되었습니다.',
    });
  });
});
