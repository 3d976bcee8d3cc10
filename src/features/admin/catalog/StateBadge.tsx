import type { AdminClassState } from '../../../api/queries/admin-catalog';

export const STATE_LABEL: Record<AdminClassState, string> = { draft: '초안', scheduled: '예약', published: '게시', hidden: '숨김' };

export function StateBadge({ state }: { state: AdminClassState }) {
  return <span className={`admin-badge admin-badge--${state}`}>{STATE_LABEL[state]}</span>;
}
