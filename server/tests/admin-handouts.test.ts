import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CLIENT, jsonOf, signInAs, tableChanges, tableSnapshot, testServer, type TestServer } from '../testing';

/**
 * A class's handouts and e-book files from the console (issue 38, tag admin-catalog): attached as PDF or EPUB told by
 * their bytes, under a name without path parts, served to the class's members as the demo's handouts are (a link signed
 * for the member), removed; refusals change nothing; an instructor only on their own classes.
 */
let server: TestServer;
const tokens: Record<string, string> = {};
let requestNo = 0;

beforeAll(async () => {
  server = await testServer();
  tokens.member = server.token;
  tokens.new = await signInAs(server, 'new@demo.kr');
  tokens.operator = await signInAs(server, 'staff@demo.kr');
  tokens.instructor = await signInAs(server, 'teacher@demo.kr');
}, 30_000);
afterAll(() => server?.close());

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** An EPUB's opening: a ZIP whose first entry is the stored `mimetype` file. */
const EPUB = (() => {
  const name = new TextEncoder().encode('mimetype');
  const body = new TextEncoder().encode('application/epub+zip');
  const head = new Uint8Array(30);
  const v = new DataView(head.buffer);
  v.setUint32(0, 0x04034b50, true);
  v.setUint32(18, body.length, true);
  v.setUint32(22, body.length, true);
  v.setUint16(26, name.length, true);
  return new Uint8Array([...head, ...name, ...body, ...new TextEncoder().encode('PK\u0005\u0006')]);
})();
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

async function upload(who: string, contentsid: number, bytes: Uint8Array | undefined, name: string, title?: string) {
  const form = new FormData();
  if (bytes) form.append('file', new Blob([new Uint8Array(bytes)]), name);
  if (title !== undefined) form.append('title', title);
  const requestId = `t-handout-${++requestNo}`;
  const res = await fetch(`${server.url}/api/Admin/Classes/${contentsid}/Handouts`, {
    method: 'POST',
    headers: { ...CLIENT, Authorization: `Bearer ${tokens[who]}`, 'x-request-id': requestId },
    body: form,
  });
  return { status: res.status, json: await jsonOf(res), requestId };
}
const staffCall = (who: string, method: string, path: string) =>
  server.call(method, path, { auth: false, headers: { Authorization: `Bearer ${tokens[who]}` } });
const memberFiles = (who: string, contentsid: number) => staffCall(who, 'GET', `/api/Contents/GetContentsPdfList/${contentsid}`);

describe('a class\'s handouts and e-book files', () => {
  let pdfid = 0;
  let link = '';

  it('lists what the class\'s members get, the demo handout among them', async () => {
    const r = await staffCall('operator', 'GET', '/api/Admin/Classes/101/Handouts');
    expect(r.status).toBe(200);
    expect(r.json.datas).toEqual([expect.objectContaining({ pdfid: 101, uploaded: false, contenttype: 'application/pdf', originalFilename: expect.stringMatching(/교안\.pdf$/) })]);
  });

  it('a PDF named with path parts is kept under the server\'s own name and downloads under its last part', async () => {
    const r = await upload('operator', 101, PDF, '../../../etc/passwd.pdf');
    expect([r.status, r.json.respMessage]).toEqual([200, '「passwd」 자료를 올렸습니다.']);
    const added = r.json.datas.at(-1);
    expect(added).toMatchObject({ title: 'passwd', originalFilename: 'passwd.pdf', contenttype: 'application/pdf', size: PDF.length, uploaded: true });
    pdfid = added.pdfid;
    const row = (await sql<{ filename: string; bytes: Uint8Array }>`select p.filename, b.bytes from pdfs p join pdf_bytes b on b.pdfid = p.pdfid
      where p.pdfid = ${pdfid}`.execute(server.db)).rows[0]!;
    expect(row.filename).toMatch(/^handout-[0-9a-f]{24}\.pdf$/);
    expect(new Uint8Array(row.bytes)).toEqual(PDF);
    const audit = (await sql<{ operation: string; object_type: string; summary: string }>`select operation, object_type, summary from audit_log
      where request_id = ${r.requestId}`.execute(server.db)).rows;
    expect(audit.map((a) => [a.operation, a.object_type])).toEqual([['uploadAdminHandout', 'handout']]);
    expect(JSON.parse(audit[0]!.summary).after).toEqual({ contentsid: 101, title: 'passwd', originalFilename: 'passwd.pdf', contenttype: 'application/pdf', size: PDF.length });

    // A Windows path and an EPUB: the last part, with the extension of what the bytes are.
    const epub = await upload('operator', 101, EPUB, '..\\..\\Windows\\전자책', '매트 필라테스 전자책');
    expect(epub.json.datas.at(-1)).toMatchObject({ title: '매트 필라테스 전자책', originalFilename: '전자책.epub', contenttype: 'application/epub+zip' });
  });

  it('the class\'s member gets it through a link signed for them, byte for byte; another member does not', async () => {
    const files = await memberFiles('member', 101);
    const mine = files.json.datas.find((f: { pdfid: number }) => f.pdfid === pdfid);
    expect(mine).toMatchObject({ title: 'passwd', originalFilename: 'passwd.pdf', size: PDF.length });
    link = mine.path;
    expect(link).toMatch(/member=u-demo-1.*signature=/);
    const res = await fetch(server.url + link);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''passwd.pdf");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    // Still the demo handout first, drawn as before.
    expect(files.json.datas[0]).toMatchObject({ pdfid: 101 });
    expect((await memberFiles('new', 101)).status).toBe(403);
  });

  it('refuses what is not a PDF or EPUB, an empty or missing file and a long title, in Korean, and stores nothing', async () => {
    const before = await tableSnapshot(server.db);
    const cases: [string, Uint8Array | undefined, string, string | undefined, number, string][] = [
      ['a PNG called .pdf', PNG, 'scan.pdf', undefined, 415, '자료는 PDF 또는 EPUB 파일만 올릴 수 있습니다.'],
      ['a script called .pdf', new TextEncoder().encode('<script>alert(1)</script>'), 'x.pdf', undefined, 415, '자료는 PDF 또는 EPUB 파일만 올릴 수 있습니다.'],
      ['an empty file', new Uint8Array(), 'empty.pdf', undefined, 400, '빈 파일은 올릴 수 없습니다.'],
      ['no file', undefined, '', '교안', 400, '올릴 자료 파일(PDF 또는 EPUB)을 선택해주세요.'],
      ['a title of 101 characters', PDF, 'a.pdf', '가'.repeat(101), 400, '자료 이름은 100자까지 입력할 수 있습니다.'],
      ['over 10 MB', new Uint8Array([...PDF, ...new Uint8Array(10 * 1024 * 1024)]), 'big.pdf', undefined, 413, '파일 크기는 10MB를 넘을 수 없습니다.'],
    ];
    for (const [what, bytes, name, title, status, message] of cases) {
      const r = await upload('operator', 102, bytes, name, title);
      expect([what, r.status, r.json?.respMessage]).toEqual([what, status, message]);
    }
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
  });

  it('an instructor attaches to their own class and is refused another teacher\'s (403), which stays as it was', async () => {
    const own = await upload('instructor', 103, PDF, '리포머 교안.pdf');
    expect(own.status).toBe(200);
    const before = await tableSnapshot(server.db);
    expect((await upload('instructor', 102, PDF, 'x.pdf')).json.respMessage).toBe('담당하는 클래스만 관리할 수 있습니다.');
    expect((await staffCall('instructor', 'GET', '/api/Admin/Classes/102/Handouts')).status).toBe(403);
    expect((await staffCall('instructor', 'DELETE', `/api/Admin/Handouts/${pdfid}`)).status).toBe(403);
    expect((await staffCall('member', 'DELETE', `/api/Admin/Handouts/${pdfid}`)).status).toBe(403);
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
  });

  it('removed: members no longer get it and its link stops working; an unknown file is 404', async () => {
    const r = await staffCall('operator', 'DELETE', `/api/Admin/Handouts/${pdfid}`);
    expect([r.status, r.json.respMessage]).toEqual([200, '자료를 삭제했습니다.']);
    expect(r.json.datas.map((f: { pdfid: number }) => f.pdfid)).not.toContain(pdfid);
    expect((await memberFiles('member', 101)).json.datas.map((f: { pdfid: number }) => f.pdfid)).not.toContain(pdfid);
    expect((await fetch(server.url + link)).status).toBe(404);
    expect((await sql`select 1 from pdf_bytes where pdfid = ${pdfid}`.execute(server.db)).rows).toEqual([]);
    const again = await staffCall('operator', 'DELETE', `/api/Admin/Handouts/${pdfid}`);
    expect([again.status, again.json.respMessage]).toEqual([404, '요청하신 자료를 찾을 수 없습니다.']);
  });
});
