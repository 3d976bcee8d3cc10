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
 * Footer (spec §2): company info, customer centre, social links. Rendered with the page (not when scrolled
 * to), so its text is in the document from the start. The social marks are drawn by footer.css (decoration,
 * no script bytes); the links are named by aria-label.
 */
export function Footer() {
  return (
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
              <span>
                개인정보보호책임자 {BUSINESS.privacyOfficer} ({BUSINESS.privacyEmail})
              </span>
            </address>
            <ul className="site-footer__social" aria-label="소셜 채널">
              {SOCIAL_LINKS.map((s) => (
                <li key={s.key}>
                  <a href={s.href} target="_blank" rel="noreferrer" className={`social social--${s.key}`} aria-label={s.label} />
                </li>
              ))}
            </ul>
          </div>
          <p className="site-footer__copy">
            © {new Date().getFullYear()} {BUSINESS.company}. All rights reserved.
          </p>
        </div>
    </footer>
  );
}
