import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * `npm run lint` holds server/'s layers (eslint.config.js, SERVER_LAYERS): a file planted in a lower layer that
 * imports an upper one is refused, and the imports the layers are meant to make pass.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('server layers (npm run lint)', () => {
  it.each([
    ['server/db/planted.ts', "import { handlers } from '../handlers/index';\nexport const x = handlers;\n", 'server-db may not import server-handlers'],
    ['server/domain/planted.ts', "import { byTag } from '../handlers/index';\nexport const x = byTag;\n", 'server-domain may not import server-handlers'],
    ['server/domain/planted.ts', "import { createDispatcher } from '../openapi/dispatch';\nexport const x = createDispatcher;\n", 'server-domain may not import server-openapi'],
    ['server/lib/planted.ts', "import { ownsClass } from '../domain/access';\nexport const x = ownsClass;\n", 'server-lib may not import server-domain'],
    ['server/media/planted.ts', "import { ok } from '../openapi/typed';\nexport const x = ok;\n", 'server-media may not import server-openapi'],
    ['server/http/planted.ts', "import { byTag } from '../handlers/index';\nexport const x = byTag;\n", 'server-http may not import server-handlers'],
    ['server/openapi/planted.ts', "import { createFastPath } from '../http/fastpath';\nexport const x = createFastPath;\n", 'server-openapi may not import server-http'],
  ])('%s importing upward fails the lint', async (file, code, expected) => {
    expect(await layerErrors(file, code)).toEqual([expect.stringContaining(expected)]);
  });

  it.each([
    ['server/handlers/planted.ts', "import { ownsClass } from '../domain/access';\nimport { ok } from '../openapi/typed';\nexport const x = [ownsClass, ok];\n"],
    ['server/domain/planted.ts', "import { kst } from '../lib/time';\nimport { one } from '../db/query';\nexport const x = [kst, one];\n"],
    ['server/planted.ts', "import { byTag } from './handlers/index';\nexport const x = byTag;\n"],
  ])('%s importing downward passes', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});
