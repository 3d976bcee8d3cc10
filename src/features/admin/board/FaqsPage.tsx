import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminBoardKeys, adminFaqsQuery, deleteAdminFaq, type Faq } from '../../../api/queries/admin-board';
import { boardKeys } from '../../../api/queries/board';
import { alertError, confirmDark } from '../../../lib/popup';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { AdminFailure, AdminPageHead, AdminRefusal } from '../shell/AdminParts';
import { canUse } from '../shell/roles';
import { useAdminMe } from '../shell/useAdminMe';
import { useAdminTitle } from '../shell/useAdminTitle';
import { FaqForm } from './FaqForm';

/** FAQ: every question by its category and order; add, change, delete (owner and operators). */
export function FaqsPage() {
  useAdminTitle('FAQ');
  const me = useAdminMe();
  if (!canUse(me.role, 'faqs')) return <AdminRefusal message="FAQ는 운영자만 관리할 수 있습니다." />;
  return <Faqs />;
}

/** FAQs by category, in the order the server gave the categories, each by `sortorder`. */
function grouped(list: readonly Faq[]): [category: string, faqs: Faq[]][] {
  const groups = new Map<string, Faq[]>();
  for (const f of list) groups.set(f.category, [...(groups.get(f.category) ?? []), f]);
  return [...groups].map(([c, faqs]) => [c, faqs.sort((a, b) => a.sortorder - b.sortorder || a.faqid - b.faqid)]);
}

function Faqs() {
  const faqs = useQuery(adminFaqsQuery());
  const [editing, setEditing] = useState<Faq | 'new' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const groups = useMemo(() => grouped(faqs.data ?? []), [faqs.data]);
  const remove = useMutation({
    mutationFn: (f: Faq) => deleteAdminFaq(f.faqid),
    onSuccess: async () => {
      setDone('FAQ를 삭제했습니다.');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminBoardKeys.faqs }),
        queryClient.invalidateQueries({ queryKey: boardKeys.faqs }),
      ]);
    },
    onError: (e) => void alertError(e),
  });
  const open = (f: Faq | 'new') => {
    setDone(null);
    setEditing(f);
    window.scrollTo(0, 0);
  };

  return (
    <>
      <AdminPageHead title="FAQ" lead="자주 묻는 질문을 분류별로 관리합니다. 스토어의 Q&A에 보입니다.">
        <button type="button" className="btn btn--primary btn--sm" onClick={() => open('new')} disabled={editing !== null}>
          새 FAQ
        </button>
      </AdminPageHead>
      {editing !== null && (
        <FaqForm
          key={editing === 'new' ? 'new' : editing.faqid}
          faq={editing === 'new' ? null : editing}
          categories={groups.map(([c]) => c)}
          onDone={(message) => {
            setEditing(null);
            setDone(message);
          }}
        />
      )}
      {done && (
        <p className="admin-notice" role="status">
          {done}
        </p>
      )}
      {!faqs.data ? (
        faqs.isError ? (
          <AdminFailure error={faqs.error} onRetry={() => void faqs.refetch()} />
        ) : (
          <PageSkeleton lines={6} />
        )
      ) : groups.length === 0 ? (
        <EmptyState title="등록된 FAQ가 없습니다." />
      ) : (
        groups.map(([category, list], i) => (
          <section key={category} className="admin-faq-group" aria-labelledby={`faq-group-${i}`}>
            <h2 className="admin-faq-group__title" id={`faq-group-${i}`}>
              {category} <span className="admin-muted">{list.length}개</span>
            </h2>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col" className="num">
                    순서
                  </th>
                  <th scope="col">질문</th>
                  <th scope="col">
                    <span className="visually-hidden">관리</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((f) => (
                  <tr key={f.faqid} data-faqid={f.faqid}>
                    <td data-label="순서" className="num">
                      {f.sortorder}
                    </td>
                    <td className="admin-table__lead">{f.question}</td>
                    <td>
                      <span className="admin-table__actions">
                        <button type="button" className="btn btn--sm" aria-label={`「${f.question}」 수정`} onClick={() => open(f)}>
                          수정
                        </button>
                        <button
                          type="button"
                          className="btn btn--sm"
                          aria-label={`「${f.question}」 삭제`}
                          disabled={remove.isPending}
                          onClick={async () => {
                            if (await confirmDark(`「${f.question}」 FAQ를 삭제할까요?`)) remove.mutate(f);
                          }}
                        >
                          삭제
                        </button>
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))
      )}
    </>
  );
}
