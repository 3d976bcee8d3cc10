import type { CartItem } from '../../api/queries/cart';

/** One cart line: a lecture with its option (cartid is a row number, not stable across removals). */
export function itemKey(item: Pick<CartItem, 'contentsid' | 'optionvalue'>): string {
  return `${item.contentsid}:${item.optionvalue ?? ''}`;
}

export interface SelectionTotals {
  count: number;
  /** Sum of list prices. */
  price: number;
  /** What the sale prices take off the list prices. */
  discount: number;
  /** Sum of sale prices: what the member is asked to pay before coupon and points. */
  total: number;
}

/** Figures of the summary box over the selected lines only. */
export function selectionTotals(items: CartItem[], selected: ReadonlySet<string>): SelectionTotals {
  const chosen = items.filter((i) => selected.has(itemKey(i)));
  const price = chosen.reduce((sum, i) => sum + i.price, 0);
  const total = chosen.reduce((sum, i) => sum + i.saleprice, 0);
  return { count: chosen.length, price, discount: price - total, total };
}

/** `/payment/{contentsids}`: the selected lectures' ids joined by ',' in cart order, each once. */
export function paymentIdsParam(items: CartItem[], selected: ReadonlySet<string>): string {
  return [...new Set(items.filter((i) => selected.has(itemKey(i))).map((i) => i.contentsid))].join(',');
}
