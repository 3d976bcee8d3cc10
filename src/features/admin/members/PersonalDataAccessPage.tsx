import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { adminPersonalDataAccessQuery } from '../../../api/queries/admin-members';
import { formatDateTimeKst } from '../../../lib/formatDateTime';
import { EmptyState } from '../../../components/ui/EmptyState';
import { AdminListStates, AdminPageHead, AdminRefusal, LoadMore } from '../shell/AdminParts';
import { canUse, ROLE_LABEL } from '../shell/roles';
import { useAdminMe } from '../shell/useAdminMe';
import { useAdminTitle } from '../shell/useAdminTitle';
import type { AdminRole } from '../../../api/queries/admin-staff';

const KIND_LABEL = { open: '회원 정보 열람', export: '내보내기' } as const;

/** 개인정보 열람 기록 (owner only): who opened whose record, or exported what, when and why; kept two years. */
export function PersonalDataAccessPage() {
  useAdminTitle('개인정보 열람 기록');
  const me = useAdminMe();
  const list = useInfiniteQuery({ ...adminPersonalDataAccessQuery(), enabled: canUse(me.role, 'privacy') });
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.list) ?? [], [list.data]);
  if (!canUse(me.role, 'privacy')) return <AdminRefusal message="개인정보 열람 기록은 대표 운영자만 볼 수 있습니다." />;
  return (
    <>
      <AdminPageHead
        title="개인정보 열람 기록"
        lead="운영진이 회원 정보 전체를 열람하거나 개인정보를 내보낸 기록입니다. 누가, 언제, 누구를, 왜 보았는지 2년간 보관되며 고치거나 지울 수 없습니다."
      />
      <AdminListStates query={list} rows={rows.length} empty={<EmptyState title="아직 열람 기록이 없습니다." />}>
        <table className="admin-table" data-testid="admin-privacy-access-table">
          <thead>
            <tr>
              <th scope="col">시각 (한국)</th>
              <th scope="col">운영진</th>
              <th scope="col">구분</th>
              <th scope="col">대상</th>
              <th scope="col">사유</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.accessid}>
                <td className="admin-table__lead admin-nowrap">{formatDateTimeKst(a.at)}</td>
                <td data-label="운영진">
                  {a.staff.name} <span className="admin-table__sub">{ROLE_LABEL[a.staff.role as AdminRole] ?? a.staff.role}</span>
                </td>
                <td data-label="구분">{KIND_LABEL[a.kind]}</td>
                <td data-label="대상">{a.member ? `${a.member.name} (${a.member.useruid})` : (a.query ?? '-')}</td>
                <td data-label="사유" className="admin-table__wide">
                  {a.reason}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminListStates>
      <LoadMore hasMore={!!list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
    </>
  );
}
