import { useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import { boardKeys, deleteSuggest, suggestInfoQuery } from '../../api/queries/board';
import { alertDark, alertError, confirmDark } from '../../lib/popup';
import { AttachmentList } from './AttachmentList';
import { SafeHtml } from '../../components/ui/SafeHtml';
import { MemberText } from '../../components/ui/MemberText';
import { SkeletonBlock } from '../../components/ui/Skeleton';
import { Pending } from '../../components/section/Pending';
import { SectionFailure } from '../../components/section/SectionFailure';
import type { NotFoundText } from '../../components/section/NotFoundCard';
import { formatDate } from '../../lib/format';

export const SUGGEST_DELETE_CONFIRM = '문의를 삭제하시겠습니까?';
export const SUGGEST_DELETED_MESSAGE = '문의가 삭제되었습니다.';
const SUGGEST_NOT_FOUND: NotFoundText = { title: '없는 게시물입니다.', back: { to: '/q&a', label: '고객센터로' } };

/** One suggestion of the member: content, attachments, answer, and delete after a 취소/확인 confirm. */
export function SuggestView({ suggestid, useruid, onClose }: { suggestid: number; useruid: string; onClose: () => void }) {
  const { data: s, error, isFetching, refetch } = useQuery(suggestInfoQuery(suggestid, useruid));
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteSuggest(suggestid),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: boardKeys.suggestsAll });
      await alertDark(SUGGEST_DELETED_MESSAGE);
      onClose();
    },
    onError: (e) => void alertError(e),
  });
  const askDelete = async () => {
    if (await confirmDark(SUGGEST_DELETE_CONFIRM)) remove.mutate();
  };

  if (!s && error && !isFetching)
    return <SectionFailure error={error} onRetry={() => void refetch()} notFound={SUGGEST_NOT_FOUND} />;
  if (!s)
    return (
      <Pending>
        <SkeletonBlock height={200} />
      </Pending>
    );
  return (
    <article className="suggest-view" data-testid="suggest-view">
      <header>
        <span className="badge">{s.typename}</span>
        <span className={`status status--${s.status}`}>{s.status === 'answered' ? '답변완료' : '답변대기'}</span>
        <h3>{s.title}</h3>
        <p className="muted">
          {s.username} · {formatDate(s.regdate)}
        </p>
      </header>
      <MemberText text={s.content} className="suggest-view__content" />
      <AttachmentList files={s.files} />
      {s.answer && (
        <div className="suggest-view__answer">
          <strong>답변</strong>
          <SafeHtml html={s.answer} />
        </div>
      )}
      <div className="suggest-view__actions">
        <button type="button" className="btn btn--sm" onClick={onClose}>
          목록
        </button>
        <button type="button" className="btn btn--sm btn--dark" onClick={askDelete} disabled={remove.isPending}>
          삭제
        </button>
      </div>
    </article>
  );
}
