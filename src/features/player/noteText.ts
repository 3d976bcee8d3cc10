import { NOTE_MAX_CHARS } from '../../api/queries/progress-notes';

/** The server's words for a text it refuses (openapi: NoteSaveRequest), said before sending; null when it may go. */
export function noteTextProblem(text: string): string | null {
  const t = text.trim();
  if (!t) return '메모 내용을 입력해주세요.';
  if ([...t].length > NOTE_MAX_CHARS) return `메모는 ${NOTE_MAX_CHARS}자까지 쓸 수 있습니다.`;
  return null;
}
