import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminBannerKeys, adminBannersQuery, deleteAdminBanner, reorderAdminBanners, type AdminBanner } from '../../../api/queries/admin-banners';
import { mainKeys } from '../../../api/queries/catalogMain';
import { alertError, confirmDark } from '../../../lib/popup';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { AdminFailure, AdminPageHead, AdminRefusal } from '../shell/AdminParts';
import { canUse } from '../shell/roles';
import { useAdminMe } from '../shell/useAdminMe';
import { useAdminTitle } from '../shell/useAdminTitle';
import { BannerForm } from './BannerForm';
import { safeHref } from '../../../../rules/safeHref';
import './banners.css';

/** The server keeps at most this many (createAdminBanner refuses more). */
const MAX_BANNERS = 10;

/** 메인 배너: /main's slides — pictures, words, links and their order (owner and operators). */
export function BannersPage() {
  useAdminTitle('메인 배너');
  const me = useAdminMe();
  if (!canUse(me.role, 'banners')) return <AdminRefusal message="메인 배너는 운영자만 관리할 수 있습니다." />;
  return <Banners />;
}

function Banners() {
  const banners = useQuery(adminBannersQuery());
  const queryClient = useQueryClient();
  // null: no form; 'new': a new banner; a banner: that one's form.
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const focusAfter = useRef<string | null>(null);
  const root = useRef<HTMLOListElement>(null);
  const stored = async (list: AdminBanner[], message: string) => {
    queryClient.setQueryData(adminBannerKeys.all, list);
    setDone(message);
    // This tab's /main reads its banners again (every other visitor's: the server's cache already follows).
    await queryClient.invalidateQueries({ queryKey: mainKeys.banners });
  };
  const write = useMutation({
    mutationFn: (w: { run: () => Promise<AdminBanner[]>; message: string; focus?: string }) => w.run(),
    onMutate: (w) => {
      focusAfter.current = w.focus ?? null;
      setDone(null);
    },
    onSuccess: (list, w) => stored(list, w.message),
    onError: (e) => {
      focusAfter.current = null;
      void alertError(e);
    },
  });
  useEffect(() => {
    const key = focusAfter.current;
    if (!key || !root.current) return;
    focusAfter.current = null;
    const button = root.current.querySelector<HTMLButtonElement>(`[data-focus="${key}"]`);
    const target = button && !button.disabled ? button : root.current.querySelector<HTMLButtonElement>(`[data-focus^="${key.replace(/:[^:]+$/, ':')}"]:not(:disabled)`);
    target?.focus();
  }, [banners.data]);

  const list = banners.data ?? [];
  const busy = write.isPending;
  const full = list.length >= MAX_BANNERS;
  const move = (index: number, dir: -1 | 1) => {
    const ids = list.map((b) => b.bannerid);
    const to = index + dir;
    if (to < 0 || to >= ids.length) return;
    [ids[index], ids[to]] = [ids[to]!, ids[index]!];
    write.mutate({ run: () => reorderAdminBanners(ids), message: '배너 순서를 바꿨습니다.', focus: `b${list[index]!.bannerid}:${dir < 0 ? 'up' : 'down'}` });
  };
  const open = (b: AdminBanner | 'new') => {
    setDone(null);
    setEditing(b);
    window.scrollTo(0, 0);
  };

  return (
    <>
      <AdminPageHead title="메인 배너" lead={`메인 화면 맨 위에 차례로 보이는 배너입니다. 최대 ${MAX_BANNERS}개까지 두며, 저장하면 메인 화면에 바로 반영됩니다.`}>
        <button type="button" className="btn btn--primary btn--sm" onClick={() => open('new')} disabled={editing !== null || full || !banners.data}>
          새 배너
        </button>
      </AdminPageHead>
      {full && editing === null && <p className="admin-muted admin-banners__full">배너가 {MAX_BANNERS}개입니다. 새 배너를 넣으려면 하나를 먼저 삭제해주세요.</p>}
      {editing !== null && (
        <BannerForm
          key={editing === 'new' ? 'new' : editing.bannerid}
          banner={editing === 'new' ? null : editing}
          onSaved={async (saved, message) => {
            setEditing(null);
            await stored(saved, message);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {done && (
        <p className="admin-notice" role="status">
          {done}
        </p>
      )}
      {banners.isError && !banners.data ? (
        <AdminFailure error={banners.error} onRetry={() => void banners.refetch()} />
      ) : !banners.data ? (
        <PageSkeleton lines={6} />
      ) : list.length === 0 ? (
        <EmptyState title="메인 배너가 없습니다. 메인 화면에 배너 자리가 보이지 않습니다." />
      ) : (
        <ol className="admin-banners" ref={root} aria-busy={busy} data-testid="admin-banner-list">
          {list.map((b, i) => {
            const name = `「${b.title}」`;
            const href = safeHref(b.linkurl);
            return (
              <li key={b.bannerid} className="admin-banners__item" data-bannerid={b.bannerid}>
                <img className="admin-banners__thumb" src={b.imageurl} alt="" width={1200} height={400} loading="lazy" decoding="async" />
                <div className="admin-banners__text">
                  <span className="admin-banners__order">{i + 1}번째</span>
                  <strong className="admin-banners__title">{b.title}</strong>
                  {b.subtitle && <span className="admin-muted">{b.subtitle}</span>}
                  <span className="admin-banners__link">
                    {href ? (
                      <a href={href} target="_blank" rel="noreferrer noopener">
                        {b.linkurl}
                      </a>
                    ) : (
                      <span className="admin-muted">링크 없음</span>
                    )}
                    {!b.mobileimageurl && <span className="admin-badge">휴대폰: 같은 이미지</span>}
                  </span>
                </div>
                <span className="admin-tools admin-banners__tools">
                  <button type="button" className="admin-icon-btn" data-focus={`b${b.bannerid}:up`} aria-label={`${name} 배너를 앞으로`} disabled={busy || i === 0} onClick={() => move(i, -1)}>
                    ↑
                  </button>
                  <button type="button" className="admin-icon-btn" data-focus={`b${b.bannerid}:down`} aria-label={`${name} 배너를 뒤로`} disabled={busy || i === list.length - 1} onClick={() => move(i, 1)}>
                    ↓
                  </button>
                  <button type="button" className="admin-icon-btn" aria-label={`${name} 수정`} disabled={busy || editing !== null} onClick={() => open(b)}>
                    수정
                  </button>
                  <button
                    type="button"
                    className="admin-icon-btn admin-icon-btn--danger"
                    aria-label={`${name} 삭제`}
                    disabled={busy}
                    onClick={async () => {
                      if (await confirmDark(`${name} 배너를 삭제할까요? 메인 화면에서 바로 사라집니다.`))
                        write.mutate({ run: () => deleteAdminBanner(b.bannerid), message: '배너를 삭제했습니다.' });
                    }}
                  >
                    삭제
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}
