// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MemberText } from './MemberText';

describe('MemberText', () => {
  it('shows a member’s markup as the text they typed, never as elements, with their line breaks', () => {
    const { container } = render(<MemberText text={'질문\n<img src="x" onerror="window.hacked = 1"> <b>굵게</b>'} />);
    expect(container.querySelector('img, b')).toBeNull();
    expect(container.textContent).toBe('질문\n<img src="x" onerror="window.hacked = 1"> <b>굵게</b>');
  });

  it('shows an old HTML record as its text', () => {
    const { container } = render(<MemberText text="<p>출장 때문에 수강을 못했어요.</p>" />);
    expect(container.textContent).toBe('출장 때문에 수강을 못했어요.');
  });
});
