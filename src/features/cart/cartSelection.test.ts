import { describe, expect, it } from 'vitest';
import type { CartItem } from '../../api/queries/cart';
import { itemKey, paymentIdsParam, selectionTotals } from './cartSelection';

const line = (contentsid: number, price: number, saleprice: number, optionvalue: string | null = null) =>
  ({ contentsid, price, saleprice, optionvalue }) as CartItem;

const items = [line(121, 120000, 89000), line(126, 50000, 50000), line(130, 30000, 0, '90')];

describe('cart selection', () => {
  it('totals only the ticked lines: list price, discount and the sum of sale prices', () => {
    const ticked = new Set([itemKey(items[0]!), itemKey(items[1]!)]);
    expect(selectionTotals(items, ticked)).toEqual({ count: 2, price: 170000, discount: 31000, total: 139000 });
  });

  it('is all zero when nothing is ticked', () => {
    expect(selectionTotals(items, new Set())).toEqual({ count: 0, price: 0, discount: 0, total: 0 });
  });

  it('tells two options of one lecture apart', () => {
    expect(itemKey(line(130, 0, 0, '90'))).not.toBe(itemKey(line(130, 0, 0, '180')));
    expect(itemKey(line(130, 0, 0, null))).toBe('130:');
  });

  it('names the ticked lectures in the payment address once each, in cart order, joined by commas', () => {
    const twoOptions = [...items, line(121, 150000, 99000, '365')];
    const ticked = new Set(twoOptions.filter((i) => i.contentsid !== 126).map(itemKey));
    expect(paymentIdsParam(twoOptions, ticked)).toBe('121,130');
  });
});
