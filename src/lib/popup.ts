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

type Swal = typeof import('sweetalert2').default;
let swalPromise: Promise<Swal> | undefined;

function loadSwal(): Promise<Swal> {
  swalPromise ??= import('sweetalert2').then((m) => m.default);
  return swalPromise;
}

/** Dark alert with one 확인 button; resolves when it closes. */
export async function alertDark(message: string): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({
    ...DARK_POPUP,
    text: message,
    showCancelButton: false,
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
    customClass: { popup: 'popup-dark', cancelButton: 'popup-dark__cancel' },
  });
  return result.isConfirmed;
}

/** Every API failure reaches the screen as its message in a dark alert (spec §8). */
export function alertError(error: unknown): Promise<void> {
  return alertDark(error instanceof Error ? error.message : String(error));
}
