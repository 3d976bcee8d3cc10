// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
/** Every cookie and storage key this product writes starts with this prefix (spec §3, §9). */
export const PRODUCT_PREFIX = 'pilates_';

export function productKey(name: string): string {
  return `${PRODUCT_PREFIX}${name}`;
}
