// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { SafeHtml } from './SafeHtml';

describe('SafeHtml', () => {
  it('strips scripts and event handlers but keeps the formatting', () => {
    const html = '<p>공지 <strong>본문</strong></p><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2"><a href="javascript:alert(1)">링크</a>';
    const { container } = render(<SafeHtml html={html} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(container.querySelector('a')?.getAttribute('href') ?? '').not.toContain('javascript:');
    expect(container.querySelector('strong')?.textContent).toBe('본문');
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });
});
