/**
 * Whether the ↑ button's place lies over a control of the page (issue 42: it sat over the payment page's 토스페이 tile
 * at 390 px and took its taps). Loaded with the floating buttons, after the first load (src/components/footer/SiteFooter.tsx),
 * so its bytes stay out of first paint.
 */

const TAPPABLE = 'a[href], button, input, select, textarea, label, summary, [role="button"], [role="radio"], [role="tab"]';

/** Read at the corners and centre of its box as laid out (without the hidden button's 10 px slide). */
function overAControl(button: HTMLElement): boolean {
  const floating = button.offsetParent?.getBoundingClientRect();
  if (!floating) return false;
  const left = floating.left + button.offsetLeft;
  const top = floating.top + button.offsetTop;
  const xs = [left + 4, left + button.offsetWidth / 2, left + button.offsetWidth - 4];
  const ys = [top + 4, top + button.offsetHeight / 2, top + button.offsetHeight - 4];
  return xs.some((x) =>
    ys.some((y) => document.elementsFromPoint(x, y).find((el) => !el.closest('.floating'))?.closest(TAPPABLE) != null),
  );
}

/**
 * Marks the ↑ button `data-over` (hidden: footer.css; an attribute React does not rewrite) while its place is over a
 * control, read now and on each scroll frame and resize (the page moves under the fixed button), for the page's life:
 * the button is looked up each time, as a layout change may render it again.
 */
let frame = 0;
/** Also read when the button shows (./FloatingButtons): it may first show after the scroll that brought its chunk. */
export function read() {
  frame = 0;
  const button = document.querySelector<HTMLElement>('.floating__top');
  button?.toggleAttribute('data-over', overAControl(button));
}
function onScroll() {
  if (!frame) frame = requestAnimationFrame(read);
}
read();
addEventListener('scroll', onScroll, { passive: true });
addEventListener('resize', onScroll);
