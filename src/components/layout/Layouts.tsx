// @first-paint: travels in the first chunk with the libraries (vite.config.ts)
import type { ReactNode } from 'react';
import { Outlet } from '@tanstack/react-router';
import { Header } from '../header/Header';
import { Footer } from '../footer/Footer';
import { FloatingButtons } from '../footer/FloatingButtons';
import { MobileBar } from '../footer/MobileBar';
import { SubpageBand } from './SubpageBand';
import './layout.css';

/**
 * Footer, floating buttons and the fixed mobile bar. The footer is in the document from the first render: its
 * text (customer centre, hours, company details) is what screen readers and search engines look for.
 */
function SiteFooter() {
  return (
    <>
      <Footer />
      <FloatingButtons />
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
