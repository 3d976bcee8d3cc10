import { z } from 'zod';
import type { AdminClass, AdminClassInput } from '../../../api/queries/admin-catalog';

/** The class form as it holds its fields: text, as typed. */
export interface ClassFormValues {
  title: string;
  subtitle: string;
  description: string;
  categoryid: string;
  teacher: string;
  price: string;
  saleprice: string;
  perioddays: string;
  level: string;
  tags: string;
}
export type ClassField = keyof ClassFormValues;
export type ClassErrors = Partial<Record<ClassField, string>>;

export const CLASS_MESSAGES = {
  title: '제목을 입력해주세요.',
  titleTooLong: '제목은 100자까지 입력할 수 있습니다.',
  subtitleTooLong: '요약은 200자까지 입력할 수 있습니다.',
  descriptionTooLong: '소개는 100,000자까지 입력할 수 있습니다.',
  category: '카테고리를 선택해주세요.',
  teacher: '강사를 입력해주세요.',
  teacherTooLong: '강사 이름은 50자까지 입력할 수 있습니다.',
  price: '정가를 0원 이상 10,000,000원 이하의 숫자로 입력해주세요.',
  saleprice: '할인가를 0원 이상 10,000,000원 이하의 숫자로 입력해주세요.',
  saleAbovePrice: '할인가는 정가보다 클 수 없습니다.',
  perioddays: '수강 기간은 1일부터 3650일 사이의 숫자로 입력해주세요.',
  levelTooLong: '난이도는 20자까지 입력할 수 있습니다.',
  tooManyTags: '태그는 20개까지 입력할 수 있습니다.',
  tagTooLong: '태그 하나는 30자까지 입력할 수 있습니다.',
} as const;

/** A whole number typed with or without thousands separators, within [min, max]. */
const whole = (min: number, max: number, message: string) =>
  z
    .string()
    .transform((s) => s.replace(/[\s,]/g, ''))
    .refine((s) => /^\d+$/.test(s) && Number(s) >= min && Number(s) <= max, { message })
    .transform(Number);

const classSchema = z.object({
  title: z.string().trim().min(1, CLASS_MESSAGES.title).max(100, CLASS_MESSAGES.titleTooLong),
  subtitle: z.string().trim().max(200, CLASS_MESSAGES.subtitleTooLong),
  description: z.string().max(100_000, CLASS_MESSAGES.descriptionTooLong),
  categoryid: whole(1, Number.MAX_SAFE_INTEGER, CLASS_MESSAGES.category),
  teacher: z.string().trim().min(1, CLASS_MESSAGES.teacher).max(50, CLASS_MESSAGES.teacherTooLong),
  price: whole(0, 10_000_000, CLASS_MESSAGES.price),
  saleprice: whole(0, 10_000_000, CLASS_MESSAGES.saleprice),
  perioddays: whole(1, 3650, CLASS_MESSAGES.perioddays),
  level: z.string().trim().max(20, CLASS_MESSAGES.levelTooLong),
  tags: z
    .string()
    .transform((s) => [...new Set(s.split(',').map((t) => t.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(30, CLASS_MESSAGES.tagTooLong)).max(20, CLASS_MESSAGES.tooManyTags)),
});

/** The form's values checked: the input to send, or every field's first message (and the sale price against the price). */
export function checkClassForm(values: ClassFormValues): { input: AdminClassInput; errors?: undefined } | { input?: undefined; errors: ClassErrors } {
  const parsed = classSchema.safeParse(values);
  const errors: ClassErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as ClassField;
      errors[key] ??= issue.message;
    }
  }
  // The two prices are compared even when another field failed, so every message shows at once.
  const price = Number(values.price.replace(/[\s,]/g, ''));
  const sale = Number(values.saleprice.replace(/[\s,]/g, ''));
  if (!errors.price && !errors.saleprice && sale > price) errors.saleprice = CLASS_MESSAGES.saleAbovePrice;
  if (parsed.success && Object.keys(errors).length === 0) return { input: parsed.data };
  return { errors };
}

export const EMPTY_CLASS_FORM: ClassFormValues = {
  title: '',
  subtitle: '',
  description: '',
  categoryid: '',
  teacher: '',
  price: '0',
  saleprice: '0',
  perioddays: '365',
  level: '',
  tags: '',
};

/** A stored class as the form shows it. */
export function classFormOf(c: AdminClass): ClassFormValues {
  return {
    title: c.title,
    subtitle: c.subtitle,
    description: c.description,
    categoryid: String(c.categoryid),
    teacher: c.teacher,
    price: String(c.price),
    saleprice: String(c.saleprice),
    perioddays: String(c.perioddays),
    level: c.level,
    tags: c.tags.join(', '),
  };
}

/** Fields in the form's order: the first with a message takes the focus. */
export const CLASS_FIELD_ORDER: readonly ClassField[] = ['title', 'subtitle', 'categoryid', 'teacher', 'price', 'saleprice', 'perioddays', 'level', 'tags', 'description'];
