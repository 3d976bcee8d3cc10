import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { adminClassQuery } from '../../../api/queries/admin-catalog';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { adminLink } from '../shell/adminPaths';
import { AdminFailure, AdminPageHead, AdminRefusal } from '../shell/AdminParts';
import { canManageClasses, canUse } from '../shell/roles';
import { useAdminMe } from '../shell/useAdminMe';
import { useAdminTitle } from '../shell/useAdminTitle';
import { CertificateRulesEditor } from './CertificateRulesEditor';
import { ClassForm } from './ClassForm';
import { HandoutsEditor } from './HandoutsEditor';
import { CurriculumEditor } from './CurriculumEditor';
import { StatePanel } from './StatePanel';
import { ThumbnailPanel } from './ThumbnailPanel';

function BackToList() {
  return (
    <Link {...adminLink('classes')} className="btn btn--sm">
      목록으로
    </Link>
  );
}

/** 새 클래스: the fields only; once created (초안) the class's own page opens, with its curriculum and state. */
export function NewClassPage() {
  useAdminTitle('새 클래스');
  const me = useAdminMe();
  const navigate = useNavigate();
  if (!canManageClasses(me.role)) return <AdminRefusal message="클래스는 운영자만 만들 수 있습니다." />;
  return (
    <>
      <AdminPageHead title="새 클래스" lead="초안으로 만들어지며, 게시하기 전에는 스토어에 보이지 않습니다.">
        <BackToList />
      </AdminPageHead>
      <ClassForm
        teacherLocked={false}
        onCreated={(c) => void navigate({ ...adminLink(`classes/${c.contentsid}`), replace: true })}
      />
    </>
  );
}

/** One class: its fields, its curriculum and its state. An instructor's refusal on another teacher's class shows as the server said it. */
export function ClassEditPage({ contentsid }: { contentsid: number }) {
  const me = useAdminMe();
  const cls = useQuery(adminClassQuery(contentsid));
  useAdminTitle(cls.data?.title ?? '클래스');
  if (!cls.data) {
    return cls.isError ? <AdminFailure error={cls.error} onRetry={() => void cls.refetch()} /> : <PageSkeleton lines={8} />;
  }
  const c = cls.data;
  return (
    <>
      <AdminPageHead title={c.title} lead={`#${c.contentsid} · ${c.teacher} · ${c.categoryname}`}>
        {c.state === 'published' && (
          <a href={`/classView/${c.contentsid}`} className="btn btn--sm" target="_blank" rel="noreferrer">
            스토어에서 보기
          </a>
        )}
        {canUse(me.role, 'members') && (
          <Link {...adminLink('view-as')} search={{ class: c.contentsid }} className="btn btn--sm">
            회원 화면으로 보기
          </Link>
        )}
        <BackToList />
      </AdminPageHead>
      <div className="admin-class">
        <div className="admin-class__main">
          <ClassForm key={c.contentsid} saved={c} teacherLocked={me.role === 'instructor'} />
          <CurriculumEditor cls={c} />
          <HandoutsEditor contentsid={c.contentsid} />
          <CertificateRulesEditor contentsid={c.contentsid} classTitle={c.title} />
        </div>
        <aside className="admin-class__side">
          <StatePanel key={c.contentsid} cls={c} canChange={canManageClasses(me.role)} />
          <ThumbnailPanel cls={c} />
        </aside>
      </div>
    </>
  );
}
