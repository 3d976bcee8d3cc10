// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AmountRows } from './AmountRows';

afterEach(cleanup);

describe('AmountRows', () => {
  it('shows amounts, deductions as minus (0원 when none) and 최종 결제금액 last', () => {
    render(
      <AmountRows
        data-testid="sum"
        rows={[
          { label: '상품금액', won: 108000 },
          { label: '쿠폰 할인', won: 5000, deduct: true, note: <small> (C-1)</small> },
          { label: '포인트 사용', won: 0, deduct: true },
        ]}
        total={103000}
        totalClassName="sum__total"
        totalTestId="total"
      />,
    );
    const lines = [...screen.getByTestId('sum').children].map((row) => row.textContent);
    expect(lines).toEqual(['상품금액108,000원', '쿠폰 할인 (C-1)-5,000원', '포인트 사용0원', '최종 결제금액103,000원']);
    expect(screen.getByTestId('total').textContent).toBe('103,000원');
    expect(screen.getByTestId('total').parentElement?.className).toBe('sum__total');
  });
});
