import { useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { adminMembersQuery, type AdminMemberRow } from '../../../api/queries/admin-members';
import { formatDateTimeKst } from '../../../lib/formatDateTime';
import { EmptyState } from '../../../components/ui/EmptyState';
import { adminLink } from '../shell/adminPaths';
import { AdminListStates, AdminPageHead, AdminRefusal, LoadMore } from '../shell/AdminParts';
import { canUse } from '../shell/roles';
import { useAdminMe } from '../shell/useAdminMe';
import { useAdminTitle } from '../shell/useAdminTitle';
import { EnrolmentImport } from './EnrolmentImport';
import { MemberRecordView } from './MemberRecordView';
import './members.css';

const SNS_LABEL: Record<string, string> = { kakao: '카카오', naver: '네이버', local: '이메일' };
export const snsLabel = (sns: string) => SNS_LABEL[sns] ?? sns;

type View = { kind: 'list' } | { kind: 'member'; member: AdminMemberRow } | { kind: 'import' };

/** 회원 (owner and operators): the masked search, one member's record opened with a reason, and 수강 등록 from a CSV. */
export function MembersPage() {
  useAdminTitle('회원');
  const me = useAdminMe();
  const [view, setView] = useState<View>({ kind: 'list' });
  if (!canUse(me.role, 'members')) return <AdminRefusal message="회원 정보는 대표 운영자와 운영자만 볼 수 있습니다." />;
  if (view.kind === 'member') return <MemberRecordView member={view.member} onBack={() => setView({ kind: 'list' })} />;
  if (view.kind === 'import') return <EnrolmentImport onBack={() => setView({ kind: 'list' })} />;
  return (
    <>
      <AdminPageHead
        title="회원"
        lead="이름·이메일·전화번호로 회원을 찾습니다. 목록은 가려서 보이고, 회원 정보 전체는 사유를 적고 열람하며 그 열람은 기록됩니다."
      >
        <button type="button" className="btn btn--dark btn--sm" onClick={() => setView({ kind: 'import' })}>
          CSV로 수강 등록
        </button>
        {canUse(me.role, 'privacy') && (
          <Link {...adminLink('privacy-access')} className="btn btn--sm">
            개인정보 열람 기록
          </Link>
        )}
      </AdminPageHead>
      <MemberSearch onOpen={(member) => setView({ kind: 'member', member })} />
    </>
  );
}

function MemberSearch({ onOpen }: { onOpen: (m: AdminMemberRow) => void }) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const list = useInfiniteQuery(adminMembersQuery(q));
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.list) ?? [], [list.data]);
  return (
    <section aria-label="회원 목록">
      <form
        className="admin-audit-filters admin-member-search"
        role="search"
        aria-label="회원 찾기"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(typed.trim());
        }}
      >
        <div className="admin-field">
          <label htmlFor="members-q">이름, 이메일 또는 전화번호</label>
          <input
            id="members-q"
            type="search"
            value={typed}
            maxLength={100}
            autoComplete="off"
            placeholder="예: 김필라, member@, 5678"
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
        </div>
        <div className="admin-field admin-member-search__go">
          <button type="submit" className="btn btn--dark btn--sm">
            검색
          </button>
        </div>
      </form>
      <AdminListStates query={list} rows={rows.length} empty={<EmptyState title="조건에 맞는 회원이 없습니다." />}>
        <table className="admin-table" data-testid="admin-members-table">
          <thead>
            <tr>
              <th scope="col">회원</th>
              <th scope="col">전화번호</th>
              <th scope="col">가입</th>
              <th scope="col">로그인</th>
              <th scope="col">
                <span className="sr-only">열람</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => (
              <tr key={m.useruid} data-useruid={m.useruid}>
                <td className="admin-table__lead">
                  <span>
                    {m.left ? <span className="admin-badge">탈퇴</span> : null} {m.name}
                    {m.email && <span className="admin-table__sub">{m.email}</span>}
                  </span>
                </td>
                <td data-label="전화번호" className="admin-nowrap">
                  {m.phone ?? <span className="admin-muted">—</span>}
                </td>
                <td data-label="가입" className="admin-nowrap">
                  {formatDateTimeKst(m.joinedat).slice(0, 10)}
                </td>
                <td data-label="로그인">{snsLabel(m.snstype)}</td>
                <td>
                  <button type="button" className="btn btn--sm" onClick={() => onOpen(m)}>
                    열람
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminListStates>
      <LoadMore hasMore={!!list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
    </section>
  );
}
