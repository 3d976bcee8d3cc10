import { z } from 'zod';

/** What the server takes (server/media/handoutUploads.ts), checked before a byte is sent; the server tells by the bytes. */
export const HANDOUT_MESSAGES = {
  file: '올릴 자료 파일(PDF 또는 EPUB)을 선택해주세요.',
  type: '자료는 PDF 또는 EPUB 파일만 올릴 수 있습니다.',
  size: '파일 크기는 10MB를 넘을 수 없습니다.',
  empty: '빈 파일은 올릴 수 없습니다.',
  title: '자료 이름은 100자까지 입력할 수 있습니다.',
} as const;
export const HANDOUT_ACCEPT = '.pdf,.epub,application/pdf,application/epub+zip';
const MAX_BYTES = 10 * 1024 * 1024;

const handoutForm = z.object({
  file: z
    .custom<Pick<File, 'name' | 'size'>>((f) => !!f, { message: HANDOUT_MESSAGES.file })
    .refine((f) => /\.(pdf|epub)$/i.test(f.name), { message: HANDOUT_MESSAGES.type })
    .refine((f) => f.size > 0, { message: HANDOUT_MESSAGES.empty })
    .refine((f) => f.size <= MAX_BYTES, { message: HANDOUT_MESSAGES.size }),
  title: z.string().trim().max(100, HANDOUT_MESSAGES.title),
});

/** The upload form's messages beside its fields, or none. */
export function handoutFormProblems(values: { file: Pick<File, 'name' | 'size'> | null; title: string }): Partial<Record<'file' | 'title', string>> {
  const r = handoutForm.safeParse(values);
  if (r.success) return {};
  const out: Partial<Record<'file' | 'title', string>> = {};
  for (const issue of r.error.issues) out[issue.path[0] as 'file' | 'title'] ??= issue.message;
  return out;
}

/** A size as the console lists it: 482 KB, 1.4 MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
