import { useEffect, useMemo, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { adminAuditQuery, type AdminAuditFilter } from '../../../api/queries/admin-audit';
import { adminStaffQuery } from '../../../api/queries/admin-staff';
import { formatDateTimeKst } from '../../../lib/formatDateTime';
import { EmptyState } from '../../../components/ui/EmptyState';
import { AdminListStates, AdminPageHead, AdminRefusal, LoadMore } from '../shell/AdminParts';
import { canUse, ROLE_LABEL } from '../shell/roles';
import { useAdminMe } from '../shell/useAdminMe';
import { useAdminTitle } from '../shell/useAdminTitle';
import { OBJECT_LABEL, OPERATION_LABEL, summaryLines } from './auditText';

const roleLabel = (role: string) => ROLE_LABEL[role as keyof typeof ROLE_LABEL] ?? role;

/** 감사 기록 (owner and operators): every staff write, newest first, filtered by who, what, which object and when. */
export function AuditPage() {
  useAdminTitle('감사 기록');
  const me = useAdminMe();
  if (!canUse(me.role, 'audit')) return <AdminRefusal message="감사 기록은 운영자만 볼 수 있습니다." />;
  return <Audit isOwner={me.role === 'owner'} />;
}

function Audit({ isOwner }: { isOwner: boolean }) {
  const [filter, setFilter] = useState<AdminAuditFilter>({});
  const entries = useInfiniteQuery(adminAuditQuery(filter));
  // The owner picks an actor from the staff list; an operator (who cannot read it) from the names seen so far.
  const staff = useQuery({ ...adminStaffQuery(), enabled: isOwner });
  const [seen, setSeen] = useState<Record<string, string>>({});
  const rows = useMemo(() => entries.data?.pages.flatMap((p) => p.list) ?? [], [entries.data]);
  useEffect(() => {
    setSeen((prev) => {
      const fresh = rows.filter((r) => !(r.actor in prev));
      return fresh.length ? { ...prev, ...Object.fromEntries(fresh.map((r) => [r.actor, r.actorname])) } : prev;
    });
  }, [rows]);
  const actors = useMemo(() => {
    const all = { ...seen, ...Object.fromEntries((staff.data ?? []).map((s) => [s.useruid, s.name])) };
    return Object.entries(all).sort((a, b) => a[1].localeCompare(b[1], 'ko'));
  }, [seen, staff.data]);
  const set = (key: keyof AdminAuditFilter, value: string) =>
    setFilter((f) => {
      const next = { ...f, [key]: value };
      if (!value) delete next[key];
      return next;
    });

  return (
    <>
      <AdminPageHead title="감사 기록" lead="운영진이 바꾼 내용이 바뀐 순간 그대로 남습니다. 기록은 고치거나 지울 수 없습니다." />
      <div className="admin-audit-filters" role="search" aria-label="감사 기록 찾기">
        <div className="admin-field">
          <label htmlFor="audit-actor">작업자</label>
          <select id="audit-actor" value={filter.actor ?? ''} onChange={(e) => set('actor', e.currentTarget.value)}>
            <option value="">전체</option>
            {actors.map(([useruid, name]) => (
              <option key={useruid} value={useruid}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="audit-operation">작업</label>
          <select id="audit-operation" value={filter.operation ?? ''} onChange={(e) => set('operation', e.currentTarget.value)}>
            <option value="">전체</option>
            {Object.entries(OPERATION_LABEL).map(([op, label]) => (
              <option key={op} value={op}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="audit-object">대상</label>
          <select id="audit-object" value={filter.objecttype ?? ''} onChange={(e) => set('objecttype', e.currentTarget.value)}>
            <option value="">전체</option>
            {Object.entries(OBJECT_LABEL).map(([type, label]) => (
              <option key={type} value={type}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="audit-from">시작일</label>
          <input id="audit-from" type="date" value={filter.from ?? ''} max={filter.until} onChange={(e) => set('from', e.currentTarget.value)} />
        </div>
        <div className="admin-field">
          <label htmlFor="audit-until">종료일</label>
          <input id="audit-until" type="date" value={filter.until ?? ''} min={filter.from} onChange={(e) => set('until', e.currentTarget.value)} />
        </div>
      </div>
      <AdminListStates query={entries} rows={rows.length} lines={8} empty={<EmptyState title="조건에 맞는 기록이 없습니다." />}>
        <table className="admin-table" data-testid="admin-audit-table">
          <thead>
            <tr>
              <th scope="col">시각 (한국)</th>
              <th scope="col">작업자</th>
              <th scope="col">작업</th>
              <th scope="col">대상</th>
              <th scope="col">변경 내용</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.auditid} data-operation={r.operation}>
                <td data-label="시각" className="admin-nowrap">
                  {formatDateTimeKst(r.at)}
                </td>
                <td data-label="작업자">
                  <span>
                    {r.actorname}
                    <span className="admin-table__sub">{roleLabel(r.actorrole)}</span>
                  </span>
                </td>
                <td data-label="작업">{OPERATION_LABEL[r.operation] ?? r.operation}</td>
                <td data-label="대상">
                  {OBJECT_LABEL[r.objecttype] ?? r.objecttype} #{r.objectid}
                </td>
                <td data-label="변경" className="admin-table__wide">
                  <ul className="admin-summary">
                    {summaryLines(r.summary, r.operation).map((line, i) => (
                      <li key={i}>{line}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminListStates>
      <LoadMore hasMore={!!entries.hasNextPage} loading={entries.isFetchingNextPage} onMore={() => void entries.fetchNextPage()} />
    </>
  );
}
