import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { classListPath, type MenuNode } from '../../lib/categories';
import { InlineFailure } from '../section/InlineFailure';
import { Pending } from '../section/Pending';
import { useCategoryMenu } from './useCategoryMenu';

function cx(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

function TopItem({ node }: { node: MenuNode }) {
  const [hover, setHover] = useState(false);
  return (
    <li
      className={cx('gnb__item', hover && 'hover', node.on && 'on')}
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      onFocus={() => setHover(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHover(false);
      }}
    >
      <Link {...classListPath(node)} className="gnb__link" aria-current={node.on ? 'true' : undefined}>
        {node.menuName}
      </Link>
      {node.subMenu.length > 0 && (
        <div className="gnb__panel">
          <ul className="gnb__sub">
            {node.subMenu.map((sub) => (
              <li key={sub.categoryid} className={cx('gnb__sub-item', sub.on && 'on')}>
                <Link {...classListPath(sub)} className="gnb__sub-link">
                  {sub.menuName}
                </Link>
                {sub.subMenu.length > 0 && (
                  <ul className="gnb__third">
                    {sub.subMenu.map((third) => (
                      <li key={third.categoryid} className={cx('gnb__third-item', third.on && 'on')}>
                        <Link {...classListPath(third)} className="gnb__third-link">
                          {third.menuName}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

/** Three-level category menu with hover / on classes (spec §2). */
export function CategoryMenu() {
  const { tree, failure, waiting } = useCategoryMenu();
  const [on, setOn] = useState(false);
  if (failure)
    return (
      <nav className="gnb gnb--failed" aria-label="클래스 카테고리">
        <InlineFailure subject="카테고리" error={failure.error} onRetry={failure.retry} />
      </nav>
    );
  // Empty while the categories come (they nearly always come in time); past 3 s the line says so, past 5 s 다시 시도.
  if (waiting)
    return (
      <nav className="gnb gnb--waiting section-wait-collapsed" aria-label="클래스 카테고리">
        <Pending onRetry={waiting.retry} />
      </nav>
    );
  if (tree.length === 0) return <nav className="gnb" aria-label="클래스 카테고리" />;
  return (
    <nav
      className={cx('gnb', on && 'on')}
      aria-label="클래스 카테고리"
      onMouseEnter={() => setOn(true)}
      onMouseLeave={() => setOn(false)}
    >
      <ul className="gnb__list">
        {tree.map((node) => (
          <TopItem key={node.categoryid} node={node} />
        ))}
      </ul>
    </nav>
  );
}

/** First-level categories in the compact (scrolled) header. */
export function CompactCategoryNav() {
  // A failure is told once, by the full header's menu (the compact header shows only while scrolling).
  const { tree } = useCategoryMenu();
  return (
    <nav className="compact-nav" aria-label="주요 카테고리">
      {tree.map((n) => (
        <Link key={n.categoryid} {...classListPath(n)} className={n.on ? 'on' : undefined}>
          {n.menuName}
        </Link>
      ))}
    </nav>
  );
}
