/**
 * The one dialog module (spec §8, §9). sweetalert2 is imported on first use only, so it is never
 * part of the initial script chunk.
 */

/** Dark popup theme (spec §9). */
export const DARK_POPUP = {
  confirmButtonColor: '#EE732E',
  cancelButtonColor: '#FFFFFF',
  padding: '3em',
  color: '#FFFFFF',
  background: '#242424',
  confirmButtonText: '확인',
  cancelButtonText: '취소',
} as const;

/** sweetalert2 names a dialog only by its title, and these carry none: screen readers announce this name, then the message. */
function nameDialog(name: string) {
  return (popup: HTMLElement) => popup.setAttribute('aria-label', name);
}

type Swal = typeof import('sweetalert2').default;
let swalPromise: Promise<Swal> | undefined;

function loadSwal(): Promise<Swal> {
  swalPromise ??= import('sweetalert2').then((m) => m.default);
  return swalPromise;
}

/**
 * Dark alert with one 확인 button; resolves when it closes. Focus goes back to what had it before (the opener),
 * or to `focusAfter` once the popup is gone: a focus() made on resolve would be undone by that return.
 */
export async function alertDark(message: string, { focusAfter }: { focusAfter?: HTMLElement | null } = {}): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({
    ...DARK_POPUP,
    text: message,
    showCancelButton: false,
    didRender: nameDialog('알림'),
    ...(focusAfter ? { didClose: () => focusAfter.focus() } : {}),
    customClass: { popup: 'popup-dark', cancelButton: 'popup-dark__cancel' },
  });
}

/** Dark confirm with 확인 / 취소; resolves true when confirmed. */
export async function confirmDark(message: string): Promise<boolean> {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    ...DARK_POPUP,
    text: message,
    showCancelButton: true,
    didRender: nameDialog('확인 요청'),
    customClass: { popup: 'popup-dark', cancelButton: 'popup-dark__cancel' },
  });
  return result.isConfirmed;
}

/**
 * Every API failure reaches the screen as its message in a dark alert (spec §8), except a refused session: the
 * sign-out that follows says so once (src/api/client.ts, `sessionEnded`), and a second popup would replace it.
 */
export function alertError(error: unknown): Promise<void> {
  if ((error as { sessionEnded?: unknown } | null)?.sessionEnded === true) return Promise.resolve();
  return alertDark(error instanceof Error ? error.message : String(error));
}

/** `lines` as a list, one a row, as text (never HTML). */
function listOf(lines: readonly string[]): HTMLUListElement {
  const list = document.createElement('ul');
  list.className = 'popup-dark__lines';
  for (const line of lines) list.appendChild(document.createElement('li')).textContent = line;
  return list;
}

/** Dark alert that shows `lines` (one a row, as text) under `title`, with one 확인 button: a refusal and its grounds. */
export async function alertDarkLines(title: string, lines: readonly string[]): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({
    ...DARK_POPUP,
    title,
    html: listOf(lines),
    showCancelButton: false,
    customClass: { popup: 'popup-dark', cancelButton: 'popup-dark__cancel' },
  });
}

/**
 * Dark confirm that shows `lines` (one a row, as text) under `title` and asks for one of `choices` (the first is
 * preselected); resolves the chosen one when confirmed, null when cancelled. The refund's quote uses it.
 */
export async function confirmDarkChoice(
  title: string,
  lines: readonly string[],
  choices: readonly string[],
  confirmButtonText: string,
): Promise<string | null> {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    ...DARK_POPUP,
    title,
    html: listOf(lines),
    input: 'select',
    inputOptions: Object.fromEntries(choices.map((c) => [c, c])),
    inputValue: choices[0] ?? '',
    inputLabel: '사유',
    showCancelButton: true,
    confirmButtonText,
    customClass: { popup: 'popup-dark', cancelButton: 'popup-dark__cancel' },
  });
  return result.isConfirmed ? String(result.value) : null;
}
