import type { ReactNode } from 'react';
import { productKey } from '../../lib/productKeys';

/**
 * 회원 화면으로 보기 (the console, issue 38): a tab in which staff look at a class, its classroom and its player as a
 * chosen member sees them. The console keeps what the server answered (its grant, the member masked) in this tab's
 * session storage and reloads the tab into the store; src/components/viewAs/boot.tsx then makes the tab read as the
 * member. Read-only is the server's decision (every write is refused under the grant); the screens also disable their
 * write controls so nobody presses a button that cannot work. Not imported by any first-paint module: a visitor's and
 * a member's first load carry none of it (src/start.tsx only asks whether the key is there). One module, so the screens
 * that ask load one small chunk for it, not two.
 */
export const VIEW_AS_KEY = productKey('viewAs');

/** What the console keeps for the tab: the server's answer (`AdminViewAs`) and where 나가기 goes back to. */
export interface ViewAs {
  grant: string;
  expiresat: string;
  contentsid: number;
  title: string;
  member: { useruid: string; email: string; name: string };
  back: string;
}

export function readViewAs(storage?: Pick<Storage, 'getItem'>): ViewAs | null {
  try {
    // Read inside the try: a browser with storage disabled throws on the very access.
    const value = JSON.parse((storage ?? globalThis.sessionStorage)?.getItem(VIEW_AS_KEY) ?? 'null') as Partial<ViewAs> | null;
    return value &&
      typeof value.grant === 'string' &&
      typeof value.member?.useruid === 'string' &&
      typeof value.contentsid === 'number'
      ? (value as ViewAs)
      : null;
  } catch {
    return null;
  }
}

/** This tab's member view, read once when the first screen that asks loads; null in every ordinary tab. */
export const viewingAs: ViewAs | null = readViewAs();

/** The title of a control a member view disables. */
export const READ_ONLY_TITLE = '회원 화면으로 보는 중에는 쓸 수 없습니다 (읽기 전용)';

/**
 * A screen's write controls (a form's fields and buttons, 수정 and 삭제): in a member view (회원 화면으로 보기) all of
 * them disabled at once, by a fieldset without a box of its own; anywhere else just the children. The server refuses
 * those writes under the grant anyway: this only spares the staff member a button that cannot work.
 */
export function WriteFields({ children }: { children: ReactNode }) {
  if (!viewingAs) return children;
  return (
    <fieldset disabled title={READ_ONLY_TITLE} data-testid="read-only-fields" style={{ display: 'contents' }}>
      {children}
    </fieldset>
  );
}
