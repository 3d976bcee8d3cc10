import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { catalogKeys, lectureDetailQuery } from '../../api/queries/catalog';
import { deleteRating, myRatingQuery, ratingKeys, saveRating, type Rating } from '../../api/queries/ratings';
import { Stars } from '../../components/ui/Stars';
import { alertDark, alertError, confirmDark } from '../../lib/popup';
import { formatDate } from '../../lib/format';
import { RatingForm } from './RatingForm';
import { WriteFields } from '../../components/viewAs/readOnly';
import './ratings.css';

export const VISITOR_NOTE = '수강평은 로그인 후, 클래스를 수강한 회원만 작성할 수 있습니다.';
export const NOT_OWNER_NOTE = '이 클래스를 구매한 회원만 수강평을 작성할 수 있습니다.';
export const DELETE_CONFIRM = '작성한 수강평을 삭제하시겠습니까?';
export const SAVED_MESSAGE = '수강평이 저장되었습니다.';
export const DELETED_MESSAGE = '수강평이 삭제되었습니다.';

/**
 * Where a member writes, edits and deletes their one rating of a class. Ownership comes from the
 * server's lecture detail (`ispurchased`); the server refuses a non-owner anyway.
 */
export function RatingPanel({ contentsid, useruid }: { contentsid: number; useruid: string | null }) {
  if (!useruid)
    return (
      <p className="rating-note">
        {VISITOR_NOTE} <Link to="/login">로그인</Link>
      </p>
    );
  return <MemberRatingPanel contentsid={contentsid} useruid={useruid} />;
}

function MemberRatingPanel({ contentsid, useruid }: { contentsid: number; useruid: string }) {
  // The page's own record block shows a failed record with 다시 시도. This panel mounts later, below the fold: fetching
  // a failed record again on its mount would put every block made from the record back to loading (and wait out a
  // hung call a second time) just because the member scrolled.
  const detail = useQuery({ ...lectureDetailQuery(contentsid, useruid), retryOnMount: false });
  const owns = detail.data?.ispurchased === true;
  const mine = useQuery({ ...myRatingQuery(contentsid, useruid), enabled: owns });
  const [editing, setEditing] = useState(false);
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ratingKeys.all }),
      queryClient.invalidateQueries({ queryKey: catalogKeys.detail(contentsid, useruid) }),
    ]);

  const save = useMutation({
    mutationFn: (input: { ratescore: number; content: string }) =>
      saveRating({ ratingid: mine.data?.ratingid ?? 0, contentsid, useruid, ...input }),
    onSuccess: async () => {
      setEditing(false);
      await refresh();
      await alertDark(SAVED_MESSAGE);
    },
    onError: (e) => void alertError(e),
  });
  const remove = useMutation({
    mutationFn: (rating: Rating) => deleteRating(rating),
    onSuccess: async () => {
      await refresh();
      await alertDark(DELETED_MESSAGE);
    },
    onError: (e) => void alertError(e),
  });

  if (!detail.data || (owns && mine.isPending)) return null;
  if (!owns) return <p className="rating-note">{NOT_OWNER_NOTE}</p>;
  const rating = mine.data ?? null;

  if (rating && !editing)
    return (
      <div className="my-rating" aria-label="내 수강평">
        <div className="my-rating__head">
          <strong>내 수강평</strong>
          <Stars score={rating.ratescore} label={`내 별점 ${rating.ratescore}점`} />
          <span className="muted">{formatDate(rating.regdate)}</span>
        </div>
        <p className="my-rating__text">{rating.content}</p>
        <div className="my-rating__actions">
          <WriteFields>
            <button type="button" className="btn btn--sm" onClick={() => setEditing(true)}>
              수정
            </button>
            <button
              type="button"
              className="btn btn--sm"
              disabled={remove.isPending}
              onClick={async () => {
                if (await confirmDark(DELETE_CONFIRM)) remove.mutate(rating);
              }}
            >
              삭제
            </button>
          </WriteFields>
        </div>
      </div>
    );

  return (
    <RatingForm
      key={rating?.ratingid ?? 'new'}
      initial={rating}
      pending={save.isPending}
      onSubmit={save.mutate}
      onCancel={rating ? () => setEditing(false) : undefined}
    />
  );
}
