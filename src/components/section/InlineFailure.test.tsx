// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ApiError, TIMEOUT_MESSAGE } from '../../api/errors';
import { InlineFailure } from './InlineFailure';

afterEach(cleanup);

describe('InlineFailure', () => {
  it('names what could not be loaded, and 다시 시도 asks again', () => {
    const retry = vi.fn();
    render(<InlineFailure subject="카테고리" error={new ApiError('http', '서버 오류입니다.', 500)} onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toContain('카테고리 정보를 불러오지 못했습니다.');
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it("shows a refusal's own message and a time-out's delay message after the subject", () => {
    render(
      <InlineFailure
        subject="마지막 시청 위치"
        error={new ApiError('server', '휴대폰 번호를 등록해주세요.', 200)}
        onRetry={() => {}}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('마지막 시청 위치: 휴대폰 번호를 등록해주세요.다시 시도');
    cleanup();
    render(<InlineFailure subject="카테고리" error={new ApiError('timeout', TIMEOUT_MESSAGE)} onRetry={() => {}} />);
    expect(screen.getByRole('alert').textContent).toContain(`카테고리: ${TIMEOUT_MESSAGE}`);
  });
});
