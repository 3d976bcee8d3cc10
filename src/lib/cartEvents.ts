// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
/** Window event that tells the header and mobile bar to refresh the cart count (spec §4). */
export const CART_CHANGE_EVENT = 'cart-change';

export function onCartChange(listener: () => void): () => void {
  addEventListener(CART_CHANGE_EVENT, listener);
  return () => removeEventListener(CART_CHANGE_EVENT, listener);
}
