import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminStaffKeys, adminStaffQuery, grantAdminStaff, revokeAdminStaff, type AdminRole, type AdminStaff } from '../../../api/queries/admin-staff';
import { formatDateTimeKst } from '../../../lib/formatDateTime';
import { alertError, confirmDark } from '../../../lib/popup';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { AdminFailure, AdminPageHead, AdminRefusal, FieldError } from '../shell/AdminParts';
import { canUse, ROLE_LABEL } from '../shell/roles';
import { useAdminMe } from '../shell/useAdminMe';
import { useAdminTitle } from '../shell/useAdminTitle';

const ROLES: AdminRole[] = ['owner', 'operator', 'instructor'];
const MESSAGES = { email: '이메일을 입력해주세요.', teachername: '강사 이름을 입력해주세요. 클래스에 표시되는 강사 이름과 같아야 합니다.' } as const;

/** 운영진 (owner only): who has which role; grant by email, change, revoke. The server's refusals (the last owner) show as it says them. */
export function StaffPage() {
  useAdminTitle('운영진');
  const me = useAdminMe();
  if (!canUse(me.role, 'staff')) return <AdminRefusal message="운영진 관리는 대표 운영자만 할 수 있습니다." />;
  return <Staff me={me} />;
}

function Staff({ me }: { me: AdminStaff }) {
  const staff = useQuery(adminStaffQuery());
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminStaffKeys.list }),
      queryClient.invalidateQueries({ queryKey: adminStaffKeys.me }),
    ]);
  const revoke = useMutation({
    mutationFn: (s: AdminStaff) => revokeAdminStaff(s.useruid),
    onSuccess: async (s) => {
      setDone(`${s.name}님의 ${ROLE_LABEL[s.role]} 역할을 해제했습니다.`);
      await refresh();
    },
    onError: (e) => void alertError(e),
  });

  return (
    <>
      <AdminPageHead title="운영진" lead="운영 콘솔을 쓰는 계정과 역할입니다. 역할을 바꾸려면 같은 이메일로 다시 부여하세요." />
      <GrantForm
        onGranted={async (s) => {
          setDone(`${s.name}님에게 ${ROLE_LABEL[s.role]} 역할을 부여했습니다.`);
          await refresh();
        }}
      />
      {done && (
        <p className="admin-notice" role="status">
          {done}
        </p>
      )}
      {!staff.data ? (
        staff.isError ? (
          <AdminFailure error={staff.error} onRetry={() => void staff.refetch()} />
        ) : (
          <PageSkeleton lines={4} />
        )
      ) : (
        <table className="admin-table" data-testid="admin-staff-table">
          <thead>
            <tr>
              <th scope="col">이름</th>
              <th scope="col">역할</th>
              <th scope="col">담당 강사명</th>
              <th scope="col">부여일</th>
              <th scope="col">
                <span className="visually-hidden">관리</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {staff.data.map((s) => (
              <tr key={s.useruid} data-useruid={s.useruid}>
                <td className="admin-table__lead">
                  <span>
                    <strong>{s.name}</strong>
                    {s.useruid === me.useruid && (
                      <>
                        {' '}
                        <span className="admin-badge admin-badge--accent">나</span>
                      </>
                    )}
                    <span className="admin-table__sub">{s.email}</span>
                  </span>
                </td>
                <td data-label="역할">{ROLE_LABEL[s.role]}</td>
                <td data-label="강사명">{s.teachername ?? '—'}</td>
                <td data-label="부여일">{s.grantedat ? formatDateTimeKst(s.grantedat) : '—'}</td>
                <td>
                  <span className="admin-table__actions">
                    <button
                      type="button"
                      className="btn btn--sm"
                      aria-label={`${s.name} 역할 해제`}
                      disabled={revoke.isPending}
                      onClick={async () => {
                        if (await confirmDark(`${s.name}님(${s.email})의 ${ROLE_LABEL[s.role]} 역할을 해제할까요? 운영 콘솔을 더 이상 쓸 수 없습니다.`)) revoke.mutate(s);
                      }}
                    >
                      해제
                    </button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function GrantForm({ onGranted }: { onGranted: (s: AdminStaff) => Promise<unknown> }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AdminRole>('operator');
  const [teachername, setTeachername] = useState('');
  const [errors, setErrors] = useState<{ email?: string; teachername?: string }>({});
  const grant = useMutation({
    mutationFn: () => grantAdminStaff({ email: email.trim(), role, teachername: role === 'instructor' ? teachername.trim() : null }),
    onSuccess: async (s) => {
      setEmail('');
      setTeachername('');
      await onGranted(s);
    },
    onError: (e) => void alertError(e),
  });
  return (
    <form
      className="admin-card"
      aria-label="역할 부여"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const found = {
          ...(email.trim().length < 3 ? { email: MESSAGES.email } : {}),
          ...(role === 'instructor' && !teachername.trim() ? { teachername: MESSAGES.teachername } : {}),
        };
        setErrors(found);
        if (found.email || found.teachername) return;
        grant.mutate();
      }}
    >
      <h2 className="admin-card__title">역할 부여</h2>
      <div className="admin-form__grid">
        <div className="admin-field">
          <label htmlFor="grant-email">회원 이메일</label>
          <input
            id="grant-email"
            type="email"
            value={email}
            maxLength={200}
            autoComplete="off"
            placeholder="member@example.com"
            onChange={(e) => setEmail(e.currentTarget.value)}
            aria-invalid={!!errors.email}
            aria-describedby={errors.email ? 'grant-email-error' : undefined}
          />
          <FieldError id="grant-email" message={errors.email} />
        </div>
        <div className="admin-field">
          <label htmlFor="grant-role">역할</label>
          <select id="grant-role" value={role} onChange={(e) => setRole(e.currentTarget.value as AdminRole)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </select>
        </div>
        {role === 'instructor' && (
          <div className="admin-field admin-field--wide">
            <label htmlFor="grant-teachername">담당 강사명</label>
            <input
              id="grant-teachername"
              value={teachername}
              maxLength={50}
              autoComplete="off"
              placeholder="예: 한리포머 강사"
              onChange={(e) => setTeachername(e.currentTarget.value)}
              aria-invalid={!!errors.teachername}
              aria-describedby={errors.teachername ? 'grant-teachername-error' : 'grant-teachername-hint'}
            />
            <span className="admin-field__hint" id="grant-teachername-hint">
              강사는 이 이름으로 표시된 클래스만 관리할 수 있습니다.
            </span>
            <FieldError id="grant-teachername" message={errors.teachername} />
          </div>
        )}
      </div>
      <div className="admin-form__actions">
        <button type="submit" className="btn btn--primary btn--sm" disabled={grant.isPending}>
          {grant.isPending ? '부여 중…' : '역할 부여'}
        </button>
      </div>
    </form>
  );
}
