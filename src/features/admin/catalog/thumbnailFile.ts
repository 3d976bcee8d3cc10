import { z } from 'zod';

/** What the server takes (server/media/thumbnailImages.ts), checked before a byte is sent; the server tells by the bytes. */
export const THUMBNAIL_MESSAGES = {
  type: '썸네일은 JPEG, PNG, WebP 이미지만 올릴 수 있습니다.',
  size: '썸네일 이미지는 5MB까지 올릴 수 있습니다.',
} as const;
export const THUMBNAIL_ACCEPT = 'image/jpeg,image/png,image/webp';

const thumbnailFile = z.object({
  type: z.enum(['image/jpeg', 'image/png', 'image/webp'], { message: THUMBNAIL_MESSAGES.type }),
  size: z.number().max(5 * 1024 * 1024, THUMBNAIL_MESSAGES.size),
});

/** The first reason the file cannot be a thumbnail, or undefined. */
export function thumbnailFileProblem(file: Pick<File, 'type' | 'size'>): string | undefined {
  const r = thumbnailFile.safeParse({ type: file.type, size: file.size });
  return r.success ? undefined : r.error.issues[0]?.message;
}

/** A stored thumbnail's smaller size (480 × 300) beside the one the store shows; the artwork has one address. */
export const thumbnailSmall = (thumbnail: string) => thumbnail.replace(/-960\.webp$/, '-480.webp');
export const isUploadedThumbnail = (thumbnail: string) => /-960\.webp$/.test(thumbnail);
