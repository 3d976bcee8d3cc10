import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, testServer, type TestServer } from '../testing';

let s: TestServer;
let otherToken: string;
beforeAll(async () => {
  s = await testServer();
  const other = await s.call('POST', '/local/auth/sign-in', { body: { email: 'new@demo.kr', remember: false }, auth: false });
  otherToken = other.json.datas.accessToken;
}, 30_000);
afterAll(() => s?.close());

async function upload(files: { name: string; type: string; bytes: Buffer }[], token = s.token) {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const res = await fetch(`${s.url}/api/UploadFiles/`, { method: 'POST', headers: { ...CLIENT, Authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, json: (await res.json()) as any };
}

const suggestion = (files: unknown[], extra: Record<string, unknown> = {}) => ({ useruid: 'u-demo-1', suggesttype: '1', title: '첨부 문의', content: '사진을 첨부합니다.', issecret: true, files, ...extra });

describe('suggestions with attachments', () => {
  const pdf = Buffer.from('%PDF-1.4 demo attachment');
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

  it('links uploaded files, lists them, downloads them and replaces them on update', async () => {
    const up = await upload([
      { name: '자세 사진.png', type: 'image/png', bytes: png },
      { name: 'report.pdf', type: 'application/pdf', bytes: pdf },
    ]);
    expect(up.status).toBe(200);
    const records = up.json.datas;
    expect(records.map((r: any) => [r.originalFilename, r.size, r.contentType])).toEqual([['자세 사진.png', png.length, 'image/png'], ['report.pdf', pdf.length, 'application/pdf']]);

    const saved = await s.call('POST', '/api/Board/SaveSuggest/', { body: suggestion(records) });
    expect(saved.status).toBe(200);
    const id = saved.json.datas.suggestid;

    const info = await s.call('GET', `/api/Board/GetSuggestInfo/${id}/1/u-demo-1`);
    expect(info.status).toBe(200);
    // A secret suggestion's links are signed when listed, so compare the records without them.
    const unsigned = (files: any[]) => files.map(({ path: _path, ...rest }) => rest);
    expect(unsigned(info.json.datas.files)).toEqual(unsigned(records));
    const list = await s.call('POST', '/api/Board/GetSuggests/', { body: { page: 1, pageSize: 10, useruid: 'u-demo-1' } });
    expect(unsigned(list.json.datas.list.find((x: any) => x.suggestid === id).files)).toEqual(unsigned(records));

    // The record's path downloads the bytes under the original (Korean) name.
    const dl = await fetch(s.url + records[0].path, { headers: CLIENT });
    expect(dl.status).toBe(200);
    expect(Buffer.from(await dl.arrayBuffer()).equals(png)).toBe(true);
    expect(dl.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('자세 사진.png')}`);
    expect(dl.headers.get('content-length')).toBe(String(png.length));

    // Update: the files sent are the attachments from now on.
    const edited = await s.call('POST', '/api/Board/SaveSuggest/', { body: suggestion([records[1]], { suggestid: id, title: '수정된 문의' }) });
    expect(edited.status).toBe(200);
    expect((await s.call('GET', `/api/Board/GetSuggestInfo/${id}/1/u-demo-1`)).json.datas.files.map((f: any) => f.filename)).toEqual([records[1].filename]);
    await s.call('POST', '/api/Board/SaveSuggest/', { body: suggestion([], { suggestid: id }) });
    expect((await s.call('GET', `/api/Board/GetSuggestInfo/${id}/1/u-demo-1`)).json.datas.files).toEqual([]);
  });

  it('refuses files that were not uploaded by the member, whatever the record says', async () => {
    const theirs = (await upload([{ name: 'other.pdf', type: 'application/pdf', bytes: pdf }], otherToken)).json.datas[0];
    const before = (await s.call('POST', '/api/Board/GetSuggests/', { body: { page: 1, pageSize: 100 } })).json.datas.totalCount;
    for (const files of [[theirs], [{ ...theirs, filename: '20240101_000000000000.pdf' }]]) {
      const r = await s.call('POST', '/api/Board/SaveSuggest/', { body: suggestion(files) });
      expect(r.status).toBe(404);
      expect(r.json.success).toBe(false);
    }
    expect((await s.call('POST', '/api/Board/GetSuggests/', { body: { page: 1, pageSize: 100 } })).json.datas.totalCount).toBe(before);
    const bad = await s.call('POST', '/api/Board/SaveSuggest/', { body: suggestion([{ filename: 'x' }]) });
    expect(bad.status).toBe(400);
  });

  it('deletes a suggestion (empty body) only for its author', async () => {
    const records = (await upload([{ name: 'a.pdf', type: 'application/pdf', bytes: pdf }])).json.datas;
    const id = (await s.call('POST', '/api/Board/SaveSuggest/', { body: suggestion(records) })).json.datas.suggestid;
    const asOther = await fetch(`${s.url}/api/Board/DeleteSuggest?suggestid=${id}`, { method: 'POST', headers: { ...CLIENT, Authorization: `Bearer ${otherToken}` } });
    expect(asOther.status).toBe(404);
    const anonymous = await s.call('POST', `/api/Board/DeleteSuggest?suggestid=${id}`, { auth: false });
    expect(anonymous.status).toBe(401);
    expect((await s.call('GET', `/api/Board/GetSuggestInfo/${id}/1/u-demo-1`)).status).toBe(200);

    const mine = await s.call('POST', `/api/Board/DeleteSuggest?suggestid=${id}`);
    expect(mine.status).toBe(200);
    expect(mine.json.datas).toEqual({ suggestid: id });
    expect((await s.call('GET', `/api/Board/GetSuggestInfo/${id}/1/u-demo-1`)).status).toBe(404);
    expect((await s.call('POST', `/api/Board/DeleteSuggest?suggestid=${id}`)).status).toBe(404);
  });
});
