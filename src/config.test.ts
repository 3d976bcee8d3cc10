import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';

describe('config', () => {
  it('runs in local mode with no environment at all', () => {
    const cfg = parseConfig({});
    expect(cfg.localMode).toBe(true);
    expect(cfg.VITE_API_BASE).toBe('');
  });

  it('switches to the hosted auth service when both Supabase variables are set', () => {
    const cfg = parseConfig({ VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'anon' });
    expect(cfg.localMode).toBe(false);
  });

  it('names the variable that is wrong', () => {
    expect(() => parseConfig({ VITE_SUPABASE_URL: 'not a url' })).toThrow(/VITE_SUPABASE_URL/);
  });
});
