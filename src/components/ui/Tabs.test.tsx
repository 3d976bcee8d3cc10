// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Tabs } from './Tabs';

afterEach(cleanup);

const KINDS = [
  ['all', '전체'],
  ['use', '사용'],
] as const;

describe('Tabs', () => {
  it('marks the selected tab and hands back the value of the tab pressed', () => {
    const onSelect = vi.fn();
    render(<Tabs label="포인트 내역 구분" className="point-tabs" tabs={KINDS} selected="all" onSelect={onSelect} />);
    expect(screen.getByRole('tablist', { name: '포인트 내역 구분' }).className).toBe('point-tabs');
    expect(screen.getByRole('tab', { name: '전체' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: '전체' }).className).toBe('on');
    expect(screen.getByRole('tab', { name: '사용' }).getAttribute('aria-selected')).toBe('false');
    fireEvent.click(screen.getByRole('tab', { name: '사용' }));
    expect(onSelect).toHaveBeenCalledWith('use');
  });
});
