/** The two boards of /notice: notices (isnotice 1) and news and events (isnotice -1). */
export type NoticeKind = 'notice' | 'news';
export const isnoticeOf = (kind: NoticeKind): 1 | -1 => (kind === 'news' ? -1 : 1);
