/** What a visitor sees of another member's post: the title of a secret one, and a masked author name. */
/** The title shown in place of a secret post's. */
export const SECRET_TITLE = '비밀글입니다.';

/** '김필라' → '김*라', '이산' → '이*', one letter → '*': first and last letter kept, the rest starred. */
export function maskName(name: string): string {
  const letters = [...name];
  if (letters.length <= 1) return '*';
  if (letters.length === 2) return `${letters[0]}*`;
  return `${letters[0]}${'*'.repeat(letters.length - 2)}${letters.at(-1)}`;
}

/** 'member@demo.kr' → 'me****@demo.kr': the first two letters of the name before @ (one when it is that short), the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at < 0 ? email : email.slice(0, at);
  const shown = [...local].slice(0, local.length > 2 ? 2 : 1).join('');
  return `${shown}${'*'.repeat(Math.max(1, [...local].length - shown.length))}${at < 0 ? '' : email.slice(at)}`;
}

/** How a member who left appears in the console: nothing personal. */
export const LEFT_MEMBER = '탈퇴 회원';

/** '010-1234-5678' → '010-****-5678': the first three and last four digits kept, whatever the punctuation. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 8) return '*'.repeat(Math.max(1, digits.length));
  return `${digits.slice(0, 3)}-****-${digits.slice(-4)}`;
}
