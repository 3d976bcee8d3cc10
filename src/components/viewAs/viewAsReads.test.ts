import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../api/client';
import { fetchLectureVideos } from '../../api/queries/player';
import { saveNote } from '../../api/queries/progress-notes';
import { grantOnMemberReads, VIEW_AS_READS } from './viewAsReads';

describe('the reads a member view sends its grant with', () => {
  it('are exactly the operations the yaml marks x-view-as', () => {
    const doc = parse(readFileSync(new URL('../../../openapi/storefront.yaml', import.meta.url), 'utf8')) as {
      paths: Record<string, Record<string, { 'x-view-as'?: unknown }>>;
    };
    const marked = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => typeof op === 'object' && op?.['x-view-as'] !== undefined)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect([...VIEW_AS_READS].sort()).toEqual(marked.sort());
  });
});

describe('the app client in a member view', () => {
  it('puts the grant on a marked read only, never on a write', async () => {
    const sent: Record<string, string | null> = {};
    const client = createApiClient('http://api.invalid');
    client.use(grantOnMemberReads('the-grant'));
    client.use({
      onRequest: ({ request, schemaPath }) => {
        sent[`${request.method} ${schemaPath}`] = request.headers.get('X-View-As');
        return new Response(JSON.stringify({ success: true, respMessage: '', datas: [] }), {
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    await fetchLectureVideos(121, 'u-demo-2', client);
    await saveNote('u-demo-2', { noteid: 'n', contentsid: 121, videoid: 12112, second: 1, text: 't' }, client).catch(
      () => undefined,
    );
    expect(sent).toEqual({ 'GET /api/Contents/GetVideo/{contentsid}/{useruid}': 'the-grant', 'POST /api/Note/Save/': null });
  });
});
