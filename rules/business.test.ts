import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUSINESS } from './business';

/** Every `BUSINESS` field as `path → value` (channels.chat → https://pf.kakao.com/). */
const fields = (o: object, prefix = ''): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? fields(v as object, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]]));

describe('the business details are listed as placeholders in the README (issue 42, finding 13)', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const table = readme.slice(readme.indexOf('### Before going live: the business details are placeholders'));
  it.each(fields(BUSINESS))('%s is in the table with its value', (path, value) => {
    const row = table.split('\n').find((line) => line.startsWith(`| \`${path}\` |`));
    expect(row, `README: no row for BUSINESS.${path}`).toBeDefined();
    expect(row).toContain(value);
  });
});

describe('the business details are written once', () => {
  const root = new URL('../', import.meta.url);
  const files = ['src', 'server', 'index.html'].flatMap((top) => {
    const path = new URL(top, root).pathname;
    return top.includes('.') ? [path] : readdirSync(path, { recursive: true, encoding: 'utf8' }).map((f) => `${path}/${f}`);
  }).filter((f) => /\.(tsx?|html)$/.test(f) && !/\.test\.tsx?$|schema\.gen\.ts$|routeTree\.gen\.ts$/.test(f));
  const { hours: _hours, company: _company, ...contacts } = { ...BUSINESS };
  it.each(fields(contacts))('%s appears nowhere but rules/business.ts', (path, value) => {
    // A contact a screen or the seed wrote out again would not change with the config (issue 42: the privacy policy did).
    const copies = files.filter((f) => readFileSync(f, 'utf8').includes(value));
    expect(copies, `BUSINESS.${path} (${value})`).toEqual([]);
  });
});
