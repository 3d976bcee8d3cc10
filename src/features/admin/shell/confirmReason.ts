import { DARK_POPUP } from '../../../lib/popup';

/**
 * Dark confirm that asks for a reason in a text box (never blank: `required` says so beside it); resolves the trimmed
 * reason when confirmed, null when cancelled. The console's own (수강 취소): kept out of lib/popup.ts, which travels
 * with a member's first load.
 */
export async function confirmDarkReason(message: string, required: string, confirmButtonText: string): Promise<string | null> {
  const Swal = (await import('sweetalert2')).default;
  const result = await Swal.fire({
    ...DARK_POPUP,
    text: message,
    input: 'text',
    inputLabel: '사유',
    inputAttributes: { maxlength: '200', autocomplete: 'off' },
    inputValidator: (value: string) => (value.trim() ? null : required),
    showCancelButton: true,
    confirmButtonText,
    customClass: { popup: 'popup-dark', cancelButton: 'popup-dark__cancel' },
  });
  return result.isConfirmed ? String(result.value).trim() : null;
}
