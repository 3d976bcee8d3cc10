import { z } from 'zod';
import type { AdminFaqInput, AdminNoticeInput } from '../../../api/queries/admin-board';

export const BOARD_MESSAGES = {
  title: '제목을 입력해주세요.',
  titleTooLong: '제목은 200자까지 입력할 수 있습니다.',
  content: '내용을 입력해주세요.',
  contentTooLong: '내용은 100,000자까지 입력할 수 있습니다.',
  category: '분류를 입력해주세요.',
  categoryTooLong: '분류는 30자까지 입력할 수 있습니다.',
  question: '질문을 입력해주세요.',
  questionTooLong: '질문은 300자까지 입력할 수 있습니다.',
  answer: '답변을 입력해주세요.',
  answerTooLong: '답변은 20,000자까지 입력할 수 있습니다.',
  sortorder: '순서는 0부터 10000 사이의 숫자로 입력해주세요.',
} as const;

const noticeSchema = z.object({
  isnotice: z.union([z.literal(1), z.literal(-1)]),
  title: z.string().trim().min(1, BOARD_MESSAGES.title).max(200, BOARD_MESSAGES.titleTooLong),
  content: z.string().refine((s) => s.trim() !== '', BOARD_MESSAGES.content).pipe(z.string().max(100_000, BOARD_MESSAGES.contentTooLong)),
  istop: z.boolean(),
});

const faqSchema = z.object({
  category: z.string().trim().min(1, BOARD_MESSAGES.category).max(30, BOARD_MESSAGES.categoryTooLong),
  question: z.string().trim().min(1, BOARD_MESSAGES.question).max(300, BOARD_MESSAGES.questionTooLong),
  answer: z.string().refine((s) => s.trim() !== '', BOARD_MESSAGES.answer).pipe(z.string().max(20_000, BOARD_MESSAGES.answerTooLong)),
  sortorder: z
    .string()
    .trim()
    .refine((s) => /^\d+$/.test(s) && Number(s) <= 10_000, BOARD_MESSAGES.sortorder)
    .transform(Number),
});

export type NoticeFormValues = z.input<typeof noticeSchema>;
export type FaqFormValues = z.input<typeof faqSchema>;
type Checked<I, V> = { input: I; errors?: undefined } | { input?: undefined; errors: Partial<Record<keyof V & string, string>> };

/** The input to send, or every field's first message. */
function check<I, V>(schema: z.ZodType<I, V>, values: V): Checked<I, V> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { input: parsed.data };
  const errors: Partial<Record<keyof V & string, string>> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0]) as keyof V & string] ??= issue.message;
  return { errors };
}

export const checkNotice = (values: NoticeFormValues): Checked<AdminNoticeInput, NoticeFormValues> => check(noticeSchema, values);
export const checkFaq = (values: FaqFormValues): Checked<AdminFaqInput, FaqFormValues> => check(faqSchema, values);
