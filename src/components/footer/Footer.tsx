import { Link } from '@tanstack/react-router';
import { BUSINESS } from '../../../rules/business';
import { SOCIAL_LINKS } from './siteInfo';
import './footer.css';

const FOOTER_LINKS = [
  { label: '회사소개', to: '/company' },
  { label: '이용약관', to: '/termsOfUse' },
  { label: '개인정보처리방침', to: '/privacyPolicy', strong: true },
  { label: '공지사항', to: '/notice' },
  { label: 'Q&A', to: '/q&a' },
] as const;

/**
 * Footer (spec §2): company info, customer centre, social links. Below the fold on every page, so the
 * layouts load it when it nears the viewport (SiteFooter); the mobile bar and floating buttons stay eager.
 */
export function Footer() {
  return (
    <>
      <footer className="site-footer" data-testid="site-footer">
        <div className="site-footer__inner">
          <nav className="site-footer__links" aria-label="회사 정보">
            {FOOTER_LINKS.map((l) => (
              <Link key={l.to} to={l.to} className={'strong' in l ? 'strong' : undefined}>
                {l.label}
              </Link>
            ))}
          </nav>
          <div className="site-footer__body">
            <section className="site-footer__cs" aria-label="고객센터">
              <h2>고객센터</h2>
              <a className="site-footer__phone" href={`tel:${BUSINESS.phone}`}>
                {BUSINESS.phone}
              </a>
              <p>{BUSINESS.hours}</p>
              <p>{BUSINESS.email}</p>
            </section>
            <address className="site-footer__company">
              <strong>{BUSINESS.company}</strong>
              <span>대표 {BUSINESS.representative}</span>
              <span>사업자등록번호 {BUSINESS.businessNo}</span>
              <span>통신판매업신고 {BUSINESS.mailOrderNo}</span>
              <span>{BUSINESS.address}</span>
            </address>
            <ul className="site-footer__social" aria-label="소셜 채널">
              {SOCIAL_LINKS.map((s) => (
                <li key={s.key}>
                  <a href={s.href} target="_blank" rel="noreferrer" className={`social social--${s.key}`} aria-label={s.label}>
                    <SocialMark kind={s.key} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <p className="site-footer__copy">
            © {new Date().getFullYear()} {BUSINESS.company}. All rights reserved.
          </p>
        </div>
      </footer>
    </>
  );
}

function SocialMark({ kind }: { kind: (typeof SOCIAL_LINKS)[number]['key'] }) {
  switch (kind) {
    case 'instagram':
      return (
        <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="17.2" cy="6.8" r="0.9" fill="currentColor" stroke="none" />
        </svg>
      );
    case 'youtube':
      return (
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <rect x="2.5" y="5.5" width="19" height="13" rx="4" fill="currentColor" />
          <path d="m10 9 5 3-5 3z" fill="#242424" />
        </svg>
      );
    case 'kakao':
      return (
        <span className="social__text" aria-hidden="true">
          TALK
        </span>
      );
    case 'naver':
      return (
        <span className="social__text" aria-hidden="true">
          N
        </span>
      );
  }
}
