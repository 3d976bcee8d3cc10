import { describe, expect, it } from 'vitest';
import { CONFIG_GLOBAL, configDefine, parseConfig } from './configSchema';

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

describe('configDefine', () => {
  it('hands the build the validated configuration as a JSON constant', () => {
    const define = configDefine({ VITE_CLIENT_HEADER: 'web/2.0', VITE_UNRELATED: '', PATH: '/usr/bin' });
    const value = JSON.parse(define[CONFIG_GLOBAL]!);
    expect(value).toMatchObject({ VITE_CLIENT_HEADER: 'web/2.0', VITE_API_BASE: '', localMode: true });
    expect(value).not.toHaveProperty('PATH');
  });

  it('fails the build on a wrong value instead of shipping it', () => {
    expect(() => configDefine({ VITE_SUPABASE_URL: 'ftp://example.com' })).toThrow(/VITE_SUPABASE_URL/);
  });
});
