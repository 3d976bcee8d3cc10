import { useEffect, useState } from 'react';
import type { components } from '../../api/schema.gen';
import { Price } from '../../components/ui/Price';
import { enrolmentEnded } from '../../lib/enrolmentEnd';
import { useLectureActions } from './useLectureActions';
import { BuyActions } from './BuyActions';
import './mobileBuyBar.css';

type LectureDetail = components['schemas']['LectureDetail'];

/**
 * Phones and tablets: once the summary's price and buttons scroll out of view, the same price and buttons wait in a
 * bar above the mobile bar. Fixed and moved by transform only (no layout shift); hidden by CSS from the desktop
 * breakpoint (1025 px, where the mobile bar ends too). A class already the member's has its own link up top.
 */
export default function MobileBuyBar({ lecture }: { lecture: LectureDetail }) {
  const actions = useLectureActions(lecture.contentsid, { resume: false });
  const shown = useSummaryScrolledAway();
  const owned = lecture.ispurchased && !enrolmentEnded(lecture.expiredate);
  if (owned) return null;
  const free = lecture.saleprice === 0;
  return (
    <div
      className={shown ? 'mobile-buy-bar mobile-buy-bar--shown' : 'mobile-buy-bar'}
      data-testid="mobile-buy-bar"
      role="region"
      aria-label="구매"
      inert={!shown}
    >
      <Price price={lecture.price} saleprice={lecture.saleprice} isfree={lecture.isfree} />
      <div className="mobile-buy-bar__actions">
        <BuyActions free={free} inCart={lecture.isincart} title={lecture.title} actions={actions} />
      </div>
    </div>
  );
}

/** True once the summary's actions row has left the viewport upwards (not before the page is scrolled to it). */
function useSummaryScrolledAway(): boolean {
  const [away, setAway] = useState(false);
  useEffect(() => {
    const actions = document.querySelector('.class-summary .class-actions');
    if (!actions || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setAway(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(actions);
    return () => observer.disconnect();
  }, []);
  return away;
}
