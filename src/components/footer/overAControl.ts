/**
 * Whether the ↑ button's place lies over a control of the page (issue 42: it sat over the payment page's 토스페이 tile
 * at 390 px and took its taps). Loaded when the button is first about to show, so its bytes stay out of first paint.
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
 * Tells `onChange` now and on each scroll frame and resize (the page moves under the fixed button) whether the
 * button is over a control; the returned function stops watching.
 */
export function watchOverAControl(button: HTMLElement, onChange: (over: boolean) => void): () => void {
  let frame = 0;
  const read = () => {
    frame = 0;
    onChange(overAControl(button));
  };
  const onScroll = () => {
    if (!frame) frame = requestAnimationFrame(read);
  };
  read();
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('resize', onScroll);
  return () => {
    window.removeEventListener('scroll', onScroll);
    window.removeEventListener('resize', onScroll);
    if (frame) cancelAnimationFrame(frame);
  };
}
