import { z } from 'zod';
import type { AdminBannerInput } from '../../../api/queries/admin-banners';
import { safeHref } from '../../../../rules/safeHref';

export const BANNER_MESSAGES = {
  title: '배너 제목을 입력해주세요.',
  titleTooLong: '제목은 60자까지 입력할 수 있습니다.',
  subtitleTooLong: '부제는 100자까지 입력할 수 있습니다.',
  image: '배너 이미지를 올려주세요.',
  // The server's own words for the same rule (server/domain/bannerAuthoring.ts), which it applies whatever is sent.
  link: '링크는 https:// 로 시작하는 주소나 /로 시작하는 스토어 주소만 넣을 수 있습니다.',
  linkTooLong: '링크는 500자까지 입력할 수 있습니다.',
} as const;

/** A picture may be this large (the server refuses more with the same words). */
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;
export const PICTURE_TOO_LARGE = '배너 이미지는 2MB까지 올릴 수 있습니다.';

const bannerSchema = z.object({
  title: z.string().trim().min(1, BANNER_MESSAGES.title).max(60, BANNER_MESSAGES.titleTooLong),
  subtitle: z.string().trim().max(100, BANNER_MESSAGES.subtitleTooLong),
  imageurl: z.string().min(1, BANNER_MESSAGES.image),
  mobileimageurl: z.string().nullable(),
  // The store's one rule for links from data: what it would drop is not saved at all.
  linkurl: z
    .string()
    .trim()
    .max(500, BANNER_MESSAGES.linkTooLong)
    .refine((link) => link === '' || safeHref(link) === link, BANNER_MESSAGES.link)
    .transform((link) => link || null),
});

export type BannerFormValues = z.input<typeof bannerSchema>;
type Errors = Partial<Record<keyof BannerFormValues, string>>;

/** The banner to send, or each field's first message. */
export function checkBanner(values: BannerFormValues): { input: AdminBannerInput; errors?: undefined } | { input?: undefined; errors: Errors } {
  const parsed = bannerSchema.safeParse(values);
  if (parsed.success) return { input: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0]) as keyof BannerFormValues] ??= issue.message;
  return { errors };
}
