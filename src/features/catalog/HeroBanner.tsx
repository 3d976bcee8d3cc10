// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { useEffect, useState } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { bannersQuery } from '../../api/queries/catalogMain';
import { safeHref } from '../../../rules/safeHref';

const ROTATE_MS = 6000;

/**
 * Main banner slider. The first banner is the largest contentful paint: explicit width/height,
 * fetchpriority high, never lazy. The others load lazily and rotate every few seconds.
 */
export function HeroBanner() {
  const { data: banners } = useSuspenseQuery(bannersQuery());
  const [index, setIndex] = useState(0);
  const count = banners.length;

  useEffect(() => {
    if (count < 2) return;
    const id = window.setInterval(() => setIndex((i) => (i + 1) % count), ROTATE_MS);
    return () => window.clearInterval(id);
  }, [count]);

  if (count === 0) return null;
  const first = banners[0]!;
  return (
    <section className="hero" aria-roledescription="carousel" aria-label="메인 배너">
      <div
        className="hero__track"
        style={
          { transform: `translateX(-${index * 100}%)`, '--hero-ratio': `${first.width} / ${first.height}` } as React.CSSProperties
        }
      >
        {banners.map((b, i) => {
          const img = (
            <picture>
              {b.mobileimageurl && <source media="(max-width: 640px)" srcSet={b.mobileimageurl} />}
              <img
                src={b.imageurl}
                alt={b.alt}
                width={b.width}
                height={b.height}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'low'}
                decoding={i === 0 ? 'sync' : 'async'}
              />
            </picture>
          );
          const href = safeHref(b.linkurl); // the server's first paint drops the same links
          return (
            <div
              className="hero__slide"
              key={b.bannerid}
              aria-hidden={i !== index}
              role="group"
              aria-label={`${i + 1} / ${count}`}
            >
              {href ? (
                <a href={href} tabIndex={i === index ? 0 : -1}>
                  {img}
                </a>
              ) : (
                img
              )}
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className="hero__dots">
          {banners.map((b, i) => (
            <button
              key={b.bannerid}
              type="button"
              className={i === index ? 'on' : undefined}
              aria-label={`${i + 1}번째 배너 보기`}
              aria-current={i === index}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
