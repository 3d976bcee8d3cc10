import type { ReactNode } from 'react';
import { READ_ONLY_TITLE, viewingAs } from '../../lib/viewAs';

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
