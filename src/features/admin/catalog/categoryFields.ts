import { z } from 'zod';
import type { AdminCategoryName } from '../../../api/queries/admin-catalog-categories';

export const CATEGORY_MESSAGES = {
  name: '카테고리 이름을 입력해주세요.',
  nameTooLong: '카테고리 이름은 30자까지 입력할 수 있습니다.',
  engnameTooLong: '영문 이름은 50자까지 입력할 수 있습니다.',
} as const;

const nameSchema = z.object({
  name: z.string().trim().min(1, CATEGORY_MESSAGES.name).max(30, CATEGORY_MESSAGES.nameTooLong),
  engname: z.string().trim().max(50, CATEGORY_MESSAGES.engnameTooLong),
});

export type CategoryNameValues = z.input<typeof nameSchema>;

/** The names to send, or each field's first message. */
export function checkCategoryName(values: CategoryNameValues): { input: AdminCategoryName; errors?: undefined } | { input?: undefined; errors: Partial<Record<keyof CategoryNameValues, string>> } {
  const parsed = nameSchema.safeParse(values);
  if (parsed.success) return { input: parsed.data };
  const errors: Partial<Record<keyof CategoryNameValues, string>> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0]) as keyof CategoryNameValues] ??= issue.message;
  return { errors };
}
