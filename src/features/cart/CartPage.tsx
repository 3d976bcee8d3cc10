import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { cartKeys, cartQuery, type CartItem } from '../../api/queries/cart';
import { onCartChange } from '../../lib/cartEvents';
import { QueryState } from '../../components/section/QueryState';
import { EmptyState } from '../../components/ui/EmptyState';
import { SkeletonBlock } from '../../components/ui/Skeleton';
import { Price } from '../../components/ui/Price';
import { ClassThumbLink } from '../../components/ui/ClassThumbLink';
import { formatWon } from '../../lib/format';
import { itemKey, paymentIdsParam, selectionTotals } from './cartSelection';
import { useCartActions } from './useCartActions';
import './cart.css';

/**
 * /mycart: the member's cart with selection, removal, the selection's total and 구매하기. The lines and the total
 * each show the cart call's state in their own box, so a failure keeps both headings and says so twice (issue 15).
 */
export function CartPage({ useruid }: { useruid: string }) {
  const query = useQuery(cartQuery(useruid));
  const items = query.data?.items ?? [];
  // Lines the member unticked; a line that arrives later starts ticked, a removed one simply drops out.
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const selected = new Set(items.map(itemKey).filter((k) => !unticked.has(k)));
  const { busy, removeOne, removeSelected } = useCartActions(useruid);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A lecture put in the cart elsewhere (another tab's class view) shows here too: same event as the header count.
  useEffect(() => onCartChange(() => void queryClient.invalidateQueries({ queryKey: cartKeys.all })), [queryClient]);

  if (query.data && items.length === 0) return <EmptyCart />;

  const totals = selectionTotals(items, selected);
  const allTicked = totals.count === items.length;
  const toggle = (key: string) =>
    setUnticked((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const toggleAll = () => setUnticked(allTicked ? new Set(items.map(itemKey)) : new Set());
  const buy = () => void navigate({ to: '/payment/$contentsids', params: { contentsids: paymentIdsParam(items, selected) } });

  return (
    <div className="page cart">
      <div className="cart__layout">
        <section className="cart__lines" aria-labelledby="cart-heading">
          <h2 id="cart-heading" className="cart__heading">
            담은 클래스 {query.data && <em>{items.length}</em>}
          </h2>
          <QueryState query={query} fallback={<SkeletonBlock height={240} />}>
            {() => (
              <>
                <div className="cart__toolbar">
                  <label className="cart-check">
                    <input type="checkbox" checked={allTicked} onChange={toggleAll} />
                    <span>
                      전체 선택 ({totals.count}/{items.length})
                    </span>
                  </label>
                  <button
                    type="button"
                    className="btn btn--sm"
                    disabled={busy || totals.count === 0}
                    onClick={() => void removeSelected(items.filter((i) => selected.has(itemKey(i))))}
                  >
                    선택 삭제
                  </button>
                </div>
                <ul className="cart__items" data-testid="cart-items">
                  {items.map((item) => (
                    <CartLine
                      key={itemKey(item)}
                      item={item}
                      ticked={selected.has(itemKey(item))}
                      busy={busy}
                      onToggle={() => toggle(itemKey(item))}
                      onRemove={() => void removeOne(item)}
                    />
                  ))}
                </ul>
              </>
            )}
          </QueryState>
        </section>
        <aside className="cart-summary" aria-labelledby="cart-summary-heading">
          <h2 id="cart-summary-heading" className="cart-summary__title">
            결제 예정 금액
          </h2>
          <QueryState query={query} fallback={<SkeletonBlock height={160} />}>
            {() => (
              <>
                <dl className="cart-summary__rows">
                  <div>
                    <dt>선택한 클래스</dt>
                    <dd>{totals.count}개</dd>
                  </div>
                  <div>
                    <dt>총 상품금액</dt>
                    <dd>{formatWon(totals.price)}</dd>
                  </div>
                  <div>
                    <dt>할인금액</dt>
                    <dd className={totals.discount > 0 ? 'cart-summary__discount' : undefined}>
                      {totals.discount > 0 ? `-${formatWon(totals.discount)}` : formatWon(0)}
                    </dd>
                  </div>
                  <div className="cart-summary__total">
                    <dt>합계</dt>
                    <dd data-testid="cart-total">{formatWon(totals.total)}</dd>
                  </div>
                </dl>
                <p className="cart-summary__note">쿠폰과 포인트는 결제 단계에서 적용할 수 있습니다.</p>
                <button
                  type="button"
                  className="btn btn--primary cart-summary__buy"
                  disabled={busy || totals.count === 0}
                  onClick={buy}
                >
                  {totals.count > 0 ? `${totals.count}개 구매하기` : '구매하기'}
                </button>
              </>
            )}
          </QueryState>
        </aside>
      </div>
    </div>
  );
}

interface CartLineProps {
  item: CartItem;
  ticked: boolean;
  busy: boolean;
  onToggle: () => void;
  onRemove: () => void;
}

function CartLine({ item, ticked, busy, onToggle, onRemove }: CartLineProps) {
  const { lecture } = item;
  return (
    <li className="cart-line" data-testid="cart-line" data-contentsid={item.contentsid}>
      <label className="cart-check cart-line__check">
        <input type="checkbox" checked={ticked} onChange={onToggle} aria-label={`${lecture.title} 선택`} />
      </label>
      <ClassThumbLink contentsid={item.contentsid} className="cart-line__thumb">
        <img src={lecture.thumbnail} alt="" width={160} height={100} loading="lazy" />
      </ClassThumbLink>
      <div className="cart-line__info">
        <p className="cart-line__category">{lecture.ctgrname}</p>
        <Link to="/classView/$contentsid" params={{ contentsid: item.contentsid }} className="cart-line__title">
          {lecture.title}
        </Link>
        <p className="cart-line__meta">
          {lecture.teachername} · 수강기간 {item.period}일{item.optionname ? ` · ${item.optionname}` : ''}
        </p>
        <div className="cart-line__price">
          <Price price={item.price} saleprice={item.saleprice} isfree={item.saleprice === 0} />
        </div>
      </div>
      <button type="button" className="cart-line__remove" onClick={onRemove} disabled={busy} aria-label={`${lecture.title} 삭제`}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

function EmptyCart() {
  return (
    <div className="page cart">
      <EmptyState title="장바구니에 담긴 클래스가 없습니다." hint="마음에 드는 클래스를 담아 한 번에 결제해 보세요.">
        <Link to="/main" className="btn btn--primary cart__browse">
          클래스 둘러보기
        </Link>
      </EmptyState>
    </div>
  );
}
