// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import './ui.css';
import { discountPercent, formatWon } from '../../lib/formatPrice';

interface PriceProps {
  price: number;
  saleprice: number;
  isfree: boolean;
  size?: 'sm' | 'lg';
}

/** Sale price in 원 with the list price struck through and the discount rate; 무료 when free. */
export function Price({ price, saleprice, isfree, size = 'sm' }: PriceProps) {
  if (isfree || saleprice === 0) {
    return (
      <p className={`price price--${size}`}>
        <strong className="price__free">무료</strong>
      </p>
    );
  }
  const off = discountPercent(price, saleprice);
  return (
    <p className={`price price--${size}`}>
      {off > 0 && <span className="price__off">{off}%</span>}
      <strong className="price__sale">{formatWon(saleprice)}</strong>
      {off > 0 && <del className="price__list">{formatWon(price)}</del>}
    </p>
  );
}
