// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import './ui.css';
import { Link } from '@tanstack/react-router';
import type { components } from '../../api/schema.gen';
import { Price } from './Price';

export type Lecture = components['schemas']['Lecture'];

interface LectureCardProps {
  lecture: Lecture;
  /** Above the fold: load the thumbnail eagerly. */
  eager?: boolean;
}

/** One lecture in a grid or strip: thumbnail, category, title, teacher, price, rating. */
export function LectureCard({ lecture, eager = false }: LectureCardProps) {
  return (
    <article className="lecture-card" data-testid="lecture-card">
      <Link to="/classView/$contentsid" params={{ contentsid: lecture.contentsid }} className="lecture-card__link">
        <div className="lecture-card__thumb">
          <img
            src={lecture.thumbnail}
            alt=""
            width={480}
            height={300}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
          {lecture.isfree && <span className="lecture-card__badge lecture-card__badge--free">무료</span>}
          {!lecture.isfree && lecture.isbest && <span className="lecture-card__badge">BEST</span>}
          {!lecture.isfree && !lecture.isbest && lecture.isnew && <span className="lecture-card__badge lecture-card__badge--new">NEW</span>}
        </div>
        <div className="lecture-card__body">
          <p className="lecture-card__category">{lecture.ctgrname}</p>
          <h3 className="lecture-card__title">{lecture.title}</h3>
          <p className="lecture-card__teacher">{lecture.teachername}</p>
          <Price price={lecture.price} saleprice={lecture.saleprice} isfree={lecture.isfree} />
          {lecture.ratingcnt > 0 && (
            <p className="lecture-card__rating">
              <span aria-hidden="true">★</span> {lecture.ratingavg.toFixed(1)} <span className="lecture-card__count">({lecture.ratingcnt})</span>
            </p>
          )}
        </div>
      </Link>
    </article>
  );
}

/** Responsive grid of lecture cards. */
export function LectureGrid({ lectures, eagerCount = 0 }: { lectures: readonly Lecture[]; eagerCount?: number }) {
  return (
    <div className="lecture-grid">
      {lectures.map((l, i) => (
        <LectureCard key={l.contentsid} lecture={l} eager={i < eagerCount} />
      ))}
    </div>
  );
}
