import { CART_CHANGE_EVENT } from './cartEvents';

// The sending half of ./cartEvents: only the screens that change the cart send it, so it stays out of the first chunk.
/** Call after anything that adds to or removes from the cart. */
export function announceCartChange(): void {
  dispatchEvent(new Event(CART_CHANGE_EVENT));
}
