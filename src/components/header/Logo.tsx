// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { Link } from '@tanstack/react-router';

/** Logo linking home (spec §2). */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/main" className={compact ? 'logo logo--compact' : 'logo'}>
      <span className="logo__mark" aria-hidden="true">
        <svg viewBox="0 0 32 32" width="100%" height="100%">
          <circle cx="16" cy="16" r="15" fill="#EE732E" />
          <path
            d="M11 23V9h6.2a4.6 4.6 0 0 1 0 9.2H11"
            fill="none"
            stroke="#fff"
            strokeWidth="2.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      <span className="logo__text">
        <strong>필라테스재활협회</strong>
        {!compact && <em>ONLINE CLASS</em>}
      </span>
      {/* The link's name is the visible text plus where it goes (WCAG 2.5.3: the name contains the label). */}
      <span className="sr-only"> 홈</span>
    </Link>
  );
}
