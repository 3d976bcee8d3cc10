import type { Page } from 'playwright-core';

/**
 * What "wider than the phone" means, measured in the page (issue 42). One function, run by page.evaluate, so the
 * walk over the route tree and the popup journeys judge alike.
 *
 * A finding is:
 * - the document scrolls sideways (`scrollWidth > innerWidth`);
 * - a visible element whose box ends past the right edge (+1 px for subpixel rounding) or starts left of 0 (-1 px),
 *   unless an ancestor clips or scrolls it sideways (overflow-x other than visible: a carousel's track, a wide table
 *   in its scroller, a clamped title); that ancestor is itself judged. Only the outermost element of a run is named;
 *   its children would only repeat it;
 * - an input whose placeholder is wider than its text box (the placeholder is cut);
 * - a floating control (`.floating`, shown) that sits over another control someone might tap.
 *
 * Not findings: elements hidden (display, visibility, opacity 0, `hidden`), 1 px and smaller boxes (screen-reader
 * text), and the html/body overflow (the document check above is the one that counts for them).
 */
export interface SidewaysFinding {
  what: string;
  left: number;
  right: number;
  text: string;
}

export function sidewaysFindings(page: Page): Promise<SidewaysFinding[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const findings: SidewaysFinding[] = [];
    const nameOf = (el: Element) => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== document.body && parts.length < 3; e = e.parentElement) {
        const cls = typeof e.className === 'string' ? e.className.trim().split(/\s+/).filter(Boolean).slice(0, 2).join('.') : '';
        parts.unshift(`${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${cls ? `.${cls}` : ''}`);
      }
      return parts.join(' > ');
    };
    const textOf = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const overflowX = document.documentElement.scrollWidth - width;
    if (overflowX > 0)
      findings.push({ what: `the document scrolls sideways by ${overflowX} px`, left: 0, right: document.documentElement.scrollWidth, text: '' });

    const visible = (el: Element) =>
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true } as CheckVisibilityOptions);
    /** Whether an ancestor below <body> (or, `self`, the element itself) clips or scrolls its content sideways. */
    const clippedByAncestor = (el: Element, self = false) => {
      for (let e = self ? el : el.parentElement; e && e !== document.body && e !== document.documentElement; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.overflowX !== 'visible' || style.contain.includes('paint')) return true;
        if (style.clipPath !== 'none') return true;
      }
      return false;
    };
    const flagged: Element[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (flagged.some((f) => f.contains(el))) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.right <= width + 1 && box.left >= -1) continue;
      if (!visible(el) || clippedByAncestor(el)) continue;
      const style = getComputedStyle(el);
      if (style.clip !== 'auto' && style.position === 'absolute') continue;
      flagged.push(el);
      findings.push({ what: nameOf(el), left: Math.round(box.left), right: Math.round(box.right), text: textOf(el) });
    }

    // Text running past its own box (a long address, e-mail or Korean run with no place to break): its box may fit.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || flagged.some((f) => f.contains(parent))) continue;
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width <= 1 || (box.right <= width + 1 && box.left >= -1)) continue;
      if (!visible(parent) || clippedByAncestor(parent, true)) continue;
      flagged.push(parent);
      findings.push({ what: `${nameOf(parent)} (its text)`, left: Math.round(box.left), right: Math.round(box.right), text: textOf(parent) });
    }

    // Placeholders: the text a member reads before typing, cut at the box's edge.
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const input of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]')) {
      if (!visible(input) || input.value || input.tagName === 'TEXTAREA') continue;
      const style = getComputedStyle(input);
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const needs = canvas.measureText(input.placeholder).width;
      if (room > 0 && needs > room + 1)
        findings.push({ what: `${nameOf(input)}: the placeholder is cut (${Math.round(needs)} px in ${Math.round(room)} px)`, left: 0, right: 0, text: input.placeholder });
    }

    // A floating button shown over a control: the control cannot be tapped where the button sits.
    const tappable = 'a[href], button, input:not([type="hidden"]), select, textarea, label, [role="button"], [role="radio"], [role="tab"], [tabindex="0"]';
    for (const floating of document.querySelectorAll<HTMLElement>('.floating > *')) {
      if (!visible(floating) || getComputedStyle(floating).pointerEvents === 'none') continue;
      const f = floating.getBoundingClientRect();
      if (f.width <= 1) continue;
      for (const control of document.querySelectorAll(tappable)) {
        if (floating.contains(control) || control.closest('.floating') || !visible(control)) continue;
        const c = control.getBoundingClientRect();
        const overlap = Math.min(f.right, c.right) - Math.max(f.left, c.left) > 0 && Math.min(f.bottom, c.bottom) - Math.max(f.top, c.top) > 0;
        // Covered only where the floating button is on top (a control above it, e.g. a dialog, is not covered).
        const cx = (Math.max(f.left, c.left) + Math.min(f.right, c.right)) / 2;
        const cy = (Math.max(f.top, c.top) + Math.min(f.bottom, c.bottom)) / 2;
        if (overlap && floating.contains(document.elementFromPoint(cx, cy)))
          findings.push({ what: `${nameOf(floating)} covers ${nameOf(control)}`, left: Math.round(c.left), right: Math.round(c.right), text: textOf(control) });
      }
    }
    return findings;
  });
}
