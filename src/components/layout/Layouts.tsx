import { Outlet } from '@tanstack/react-router';
import { Header } from '../header/Header';
import { Footer } from '../footer/Footer';
import { SubpageBand } from './SubpageBand';
import './layout.css';

/** Layout A: header, page, footer with mobile bar. */
export function LayoutA() {
  return (
    <div className="shell shell--a" data-layout="a">
      <Header />
      <main className="shell__main" id="main">
        <Outlet />
      </main>
      <Footer />
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
      <Footer />
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
