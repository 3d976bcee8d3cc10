import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import type { PdfRow } from '../db/rows';
import { all, one } from '../db/query';
import { fail } from '../lib/failure';
import { iso, kst } from '../lib/time';
import { recordAudit } from './audit';
import { classInScope, nextId, type Author } from './classAuthoring';

/**
 * A class's handouts and e-book files (issue 38): the records the store already lists to the class's members
 * (`pdfs`, GetContentsPdfList, downloaded through a link signed for the member), now written by the console. An upload
 * keeps its bytes beside its record (`pdf_bytes`, migration 032), in the database like members' uploads, so every
 * instance serves it; a record without bytes is a demo handout, drawn when downloaded. The stored name is the server's
 * (`handout-<random>.pdf`); the uploader's name is only what the member's download is called.
 */
export type AdminHandout = components['schemas']['AdminHandout'];

const NO_HANDOUT = '요청하신 자료를 찾을 수 없습니다.';

export interface NewHandout {
  kind: 'pdf' | 'epub';
  contentType: string;
  title: string;
  originalFilename: string;
  bytes: Uint8Array;
}

type HandoutRow = PdfRow & { class_title: string; class_created_at: string; uploaded: boolean };

/** The title a member reads: the upload's own, or the demo's "<class> 교안". */
export const handoutTitle = (p: Pick<PdfRow, 'title'>, classTitle: string) => p.title ?? `${classTitle} 교안`;
/** The size a member reads: the upload's bytes, or the demo PDF's estimate by its pages. */
export const handoutSize = (p: Pick<PdfRow, 'size' | 'pages'>) => p.size ?? 600 + p.pages * 400;

const rowsOf = (db: Db, contentsid: number) =>
  all(
    db,
    sql<HandoutRow>`select p.*, l.title as class_title, l.created_at as class_created_at,
        exists(select 1 from pdf_bytes b where b.pdfid = p.pdfid) as uploaded
      from pdfs p join lectures l on l.contentsid = p.contentsid where p.contentsid = ${contentsid} order by p.pdfid`,
  );

/** A class's files as the console lists them, in the order members see them. */
export async function listHandouts(db: Db, contentsid: number): Promise<AdminHandout[]> {
  return (await rowsOf(db, contentsid)).map((p) => ({
    pdfid: p.pdfid,
    title: handoutTitle(p, p.class_title),
    originalFilename: p.original_filename,
    contenttype: p.content_type === 'application/epub+zip' ? 'application/epub+zip' : 'application/pdf',
    size: handoutSize(p),
    uploaded: p.uploaded,
    regdate: iso(p.created_at ?? p.class_created_at),
  }));
}

/** One more file for the class's members, audited (its name, type and size; not its bytes). */
export async function addHandout(db: Db, author: Author, contentsid: number, file: NewHandout): Promise<AdminHandout[]> {
  return db.transaction().execute(async (tx) => {
    await classInScope(tx, author, contentsid, true);
    const pdfid = await nextId(tx, 'pdfs');
    const filename = `handout-${randomBytes(12).toString('hex')}.${file.kind}`;
    await sql`insert into pdfs (pdfid, contentsid, filename, original_filename, pages, title, size, content_type, created_at, uploaded_by)
      values (${pdfid}, ${contentsid}, ${filename}, ${file.originalFilename}, 1, ${file.title}, ${file.bytes.length}, ${file.contentType},
        ${kst()}, ${author.staff?.useruid ?? null})`.execute(tx);
    await sql`insert into pdf_bytes (pdfid, bytes) values (${pdfid}, ${file.bytes})`.execute(tx);
    await recordAudit(tx, author, {
      operation: 'uploadAdminHandout',
      objectType: 'handout',
      objectId: pdfid,
      before: null,
      after: { contentsid, title: file.title, originalFilename: file.originalFilename, contenttype: file.contentType, size: file.bytes.length },
    });
    return listHandouts(tx, contentsid);
  });
}

/** A file the class offers no more (its bytes with it); members' links to it stop working. Audited. */
export async function removeHandout(db: Db, author: Author, pdfid: number): Promise<AdminHandout[]> {
  return db.transaction().execute(async (tx) => {
    const row = await one(tx, sql<PdfRow>`select * from pdfs where pdfid = ${pdfid}`);
    if (!row) return fail(404, NO_HANDOUT);
    const { title } = await classTitle(tx, author, row.contentsid);
    await sql`delete from pdfs where pdfid = ${pdfid}`.execute(tx);
    await recordAudit(tx, author, {
      operation: 'deleteAdminHandout',
      objectType: 'handout',
      objectId: pdfid,
      before: { contentsid: row.contentsid, title: handoutTitle(row, title), originalFilename: row.original_filename, size: handoutSize(row) },
      after: null,
    });
    return listHandouts(tx, row.contentsid);
  });
}

async function classTitle(tx: Db, author: Author, contentsid: number): Promise<{ title: string }> {
  await classInScope(tx, author, contentsid, true);
  return (await one(tx, sql<{ title: string }>`select title from lectures where contentsid = ${contentsid}`)) ?? { title: '' };
}

/** An uploaded handout's bytes and type, or undefined for a demo one (drawn on download). */
export async function handoutBytes(db: Db, pdfid: number): Promise<{ bytes: Uint8Array; contentType: string } | undefined> {
  const r = await one(
    db,
    sql<{ bytes: Uint8Array; content_type: string | null }>`select b.bytes, p.content_type from pdf_bytes b join pdfs p on p.pdfid = b.pdfid
      where b.pdfid = ${pdfid}`,
  );
  return r ? { bytes: new Uint8Array(r.bytes), contentType: r.content_type ?? 'application/pdf' } : undefined;
}
