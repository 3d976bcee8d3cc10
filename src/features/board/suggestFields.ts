/** The 1:1 문의 form's own checks, in Korean beside each field (the browser's English bubbles are switched off). */
export const SUGGEST_TITLE_MAX = 200;
/** The upload's own limits (server/openapi/limits.ts): said before the upload instead of after it. */
const SUGGEST_FILES_MAX = 5;
const SUGGEST_FILE_MAX_BYTES = 10 * 1024 * 1024;

export type SuggestField = 'suggesttype' | 'title' | 'content' | 'files';
export type SuggestErrors = Partial<Record<SuggestField, string>>;

export const SUGGEST_MESSAGES = {
  type: '문의 유형을 선택해주세요.',
  title: '제목을 입력해주세요.',
  titleTooLong: `제목은 ${SUGGEST_TITLE_MAX}자까지 입력할 수 있습니다.`,
  content: '내용을 입력해주세요.',
  tooManyFiles: `파일은 한 번에 ${SUGGEST_FILES_MAX}개까지 첨부할 수 있습니다.`,
  fileTooLarge: (name: string) => `「${name}」은(는) 10MB를 넘어 첨부할 수 없습니다.`,
  /** Shown under the picker before anything is chosen (issue 42: the limit was named only after sending). */
  filesHint: `파일은 ${SUGGEST_FILES_MAX}개까지, 한 파일에 10MB까지 첨부할 수 있습니다.`,
} as const;

interface SuggestInput {
  suggesttype: string;
  title: string;
  content: string;
  files: readonly { name: string; size: number }[];
}

/** Every field's first message; empty when the form can be sent. Fields are listed in the form's order. */
export function checkSuggest({ suggesttype, title, content, files }: SuggestInput): SuggestErrors {
  const errors: SuggestErrors = {};
  if (!suggesttype) errors.suggesttype = SUGGEST_MESSAGES.type;
  const words = title.trim();
  if (!words) errors.title = SUGGEST_MESSAGES.title;
  else if (words.length > SUGGEST_TITLE_MAX) errors.title = SUGGEST_MESSAGES.titleTooLong;
  if (!content.trim()) errors.content = SUGGEST_MESSAGES.content;
  const big = files.find((f) => f.size > SUGGEST_FILE_MAX_BYTES);
  if (files.length > SUGGEST_FILES_MAX) errors.files = SUGGEST_MESSAGES.tooManyFiles;
  else if (big) errors.files = SUGGEST_MESSAGES.fileTooLarge(big.name);
  return errors;
}

/**
 * While the member corrects the form: the messages already shown, each kept only while its field is still wrong
 * (a field being filled in is not told off before it is sent); a chosen file over the limit is said at once.
 */
export function recheckSuggest(shown: SuggestErrors, input: SuggestInput, fileChosen = false): SuggestErrors {
  const found = checkSuggest(input);
  const kept: SuggestErrors = {};
  for (const field of Object.keys(shown) as SuggestField[]) if (found[field]) kept[field] = found[field];
  if (fileChosen && found.files) kept.files = found.files;
  return kept;
}
