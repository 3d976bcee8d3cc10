// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import { lazy, type ReactNode } from 'react';
import { Outlet } from '@tanstack/react-router';
import { Header } from '../header/Header';
import { MobileBar } from '../footer/MobileBar';
import { Section } from '../section/Section';
import { Deferred } from './Deferred';
import { SubpageBand } from './SubpageBand';
import './layout.css';

const Footer = lazy(() => import('../footer/SiteFooter').then((m) => ({ default: m.SiteFooter })));

/** Long enough after the load event that the footer's chunk is no part of the page's first load (issue 43). */
const FOOTER_AFTER_LOAD_MS = 1500;
/** The footer's box while its chunk is on the way (layout.css sets the height per screen width). */
const footerBox = <div className="site-footer-box" />;

/**
 * The footer and the floating buttons come after first paint, in their own chunk (issue 43): when the footer's box
 * nears the viewport (at once on a page shorter than the screen), at the visitor's first scroll, touch, click or key,
 * or shortly after the page has loaded, so its text (customer centre, business details) is in the document for
 * screen readers and crawlers without any of these. Its box keeps the footer's height below the fold meanwhile.
 * The fixed mobile bar is on screen from the start on phones: it renders with the page.
 */
function SiteFooter() {
  return (
    <>
      <Deferred minHeight="var(--site-footer-height)" onInteraction afterLoadMs={FOOTER_AFTER_LOAD_MS}>
        <Section fallback={footerBox}>
          <Footer />
        </Section>
      </Deferred>
      <MobileBar />
    </>
  );
}

/** Layout A: header, page, footer with mobile bar; `children` stand in for the route outlet (the not-found page). */
export function LayoutA({ children }: { children?: ReactNode }) {
  return (
    <div className="shell shell--a" data-layout="a">
      <Header />
      <main className="shell__main" id="main">
        {children ?? <Outlet />}
      </main>
      <SiteFooter />
    </div>
  );
}

/** Layout B (account-style subpages): header, title band, page, footer with mobile bar. */
export function LayoutB() {
  return (
    <div className="shell shell--b" data-layout="b">
      <Header />
      <SubpageBand />
      <main className="shell__main shell__main--sub" id="main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

/** Bare layout: no header or footer (player, payment outcomes). */
export function LayoutBare() {
  return (
    <main className="shell shell--bare" data-layout="bare" id="main">
      <Outlet />
    </main>
  );
}

/** Print layout: a white page sized for A4. */
export function LayoutPrint() {
  return (
    <main className="shell shell--print" data-layout="print" id="main">
      <Outlet />
    </main>
  );
}
