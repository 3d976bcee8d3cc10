import { afterEach, describe, expect, it, vi } from 'vitest';
import Swal from 'sweetalert2';
import { alertError } from '../../lib/popup';
import { createApiClient } from '../client';
import { ApiError } from '../errors';
import { uploadFiles } from './files';

// The dialog library stands in: the test reads what the member would be shown.
vi.mock('sweetalert2', () => ({ default: { fire: vi.fn(async () => ({ isConfirmed: true })) } }));

afterEach(() => vi.unstubAllGlobals());

/** The server's answer past a member's upload allowance of the day (UploadQuotaExceeded, issue 41). */
const PAST_ALLOWANCE = '하루에 올릴 수 있는 파일 수(300개)를 넘었습니다. 내일 다시 시도해주세요.';

describe('the 1:1 form’s attachment upload', () => {
  it('past the day’s allowance, the member is shown the server’s Korean message (429), as the form’s alert shows it', async () => {
    vi.stubGlobal('fetch', async () =>
      new Response(JSON.stringify({ success: false, respMessage: PAST_ALLOWANCE }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '50400' },
      }),
    );
    const failure: unknown = await uploadFiles([new File(['사진'], '자세.png', { type: 'image/png' })], undefined, createApiClient('http://api.test')).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(429);
    expect((failure as ApiError).message).toBe(PAST_ALLOWANCE);
    // SuggestForm's onError is alertError(e): the dark alert carries the message as it came.
    await alertError(failure);
    expect(vi.mocked(Swal.fire)).toHaveBeenCalledWith(expect.objectContaining({ text: PAST_ALLOWANCE }));
  });
});
