import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : /\.(tsx?|css)$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

describe('glyphs on screen', () => {
  // A machine without an emoji font (many a work PC, the CI's Chromium) draws an emoji as an empty box: the app
  // draws its marks as icons (src/components/icons.tsx) or as text glyphs with U+FE0E.
  it('no emoji-presentation character in the app (the lock is LockIcon)', () => {
    const found = files(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\p{Emoji_Presentation}/gu)].map((m) => `${relative(SRC, file)}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });
});
