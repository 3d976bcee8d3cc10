// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { components } from '../../api/schema.gen';
import { CouponTicket } from './CouponTicket';

afterEach(cleanup);

const welcome: components['schemas']['MyCoupon'] = {
  couponnumber: 'WELCOME5000',
  name: '신규 회원 5,000원 할인',
  discounttype: 'fixed',
  discountvalue: 5000,
  minprice: 10000,
  maxdiscount: null,
  expiredate: '2099-12-31T23:59:59+09:00',
  isused: false,
  permember: true,
  usable: true,
  reason: null,
  useddate: null,
};

describe('CouponTicket', () => {
  it('shows the benefit, the terms with the once-per-member note, and the code as issued', () => {
    render(<CouponTicket coupon={welcome} />);
    const t = screen.getByTestId('coupon-ticket');
    expect(t.querySelector('.coupon-ticket__benefit')?.textContent).toBe('5,000원 할인');
    expect(t.querySelector('.coupon-ticket__terms')?.textContent).toBe('10,000원 이상 주문 시 · 2099.12.31까지 · 회원당 1회');
    expect(t.querySelector('.coupon-ticket__code')?.textContent).toBe('WELCOME5000');
    expect(screen.getByText('사용 가능')).toBeTruthy();
  });

  it('a percent coupon with a cap; a used one says why instead of offering the choice', () => {
    render(
      <CouponTicket
        coupon={{
          ...welcome,
          discounttype: 'percent',
          discountvalue: 10,
          maxdiscount: 10000,
          minprice: 0,
          permember: false,
          usable: false,
          reason: '사용 완료',
          useddate: '2024-04-01T10:00:00+09:00',
        }}
        action={<button type="button">사용</button>}
      />,
    );
    const t = screen.getByTestId('coupon-ticket');
    expect(t.querySelector('.coupon-ticket__benefit')?.textContent).toBe('10% 할인 (최대 10,000원)');
    expect(t.querySelector('.coupon-ticket__terms')?.textContent).toBe('2099.12.31까지');
    expect(t.className).toContain('coupon-ticket--off');
    expect(t.querySelector('.coupon-ticket__state')?.textContent).toBe('사용 완료2024.04.01');
    expect(screen.queryByRole('button', { name: '사용' })).toBeNull();
  });
});
