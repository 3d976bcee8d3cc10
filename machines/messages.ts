/** Messages of spec §8 that the identity machines show, word for word. */
export const DUPLICATE_EMAIL_MESSAGE = '동일한 이메일로 가입된 사용자가 있습니다.';
export const OTHER_DEVICE_MESSAGE = '다른 기기에서 로그인되었습니다.';
