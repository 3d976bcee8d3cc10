import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { classroomKeys, myLecturesQuery, setBookmark } from '../../api/queries/classroom-lectures';
import { alertError } from '../../lib/popup';
import { SectionFailure } from '../../components/section/SectionFailure';
import { Pending } from '../../components/section/Pending';

/**
 * Bookmark of a class the member bought (class view). The state is the server's bookmark list: when it cannot be
 * read the button would guess, so its failure (with 다시 시도) stands in its place.
 */
export function BookmarkToggle({ contentsid, useruid }: { contentsid: number; useruid: string }) {
  const queryClient = useQueryClient();
  const bookmarks = useQuery(myLecturesQuery(useruid, 'bookmark'));
  const { data } = bookmarks;
  const [busy, setBusy] = useState(false);
  const on = Boolean(data?.list.some((l) => l.contentsid === contentsid));

  const toggle = async () => {
    setBusy(true);
    try {
      await setBookmark(useruid, contentsid, !on);
      await queryClient.invalidateQueries({ queryKey: classroomKeys.all });
    } catch (e) {
      await alertError(e);
    } finally {
      setBusy(false);
    }
  };

  if (data === undefined && bookmarks.isError && !bookmarks.isFetching) {
    return <SectionFailure error={bookmarks.error} onRetry={() => void bookmarks.refetch()} />;
  }
  return (
    <>
      <button
        type="button"
        className={`btn bookmark-toggle${on ? ' bookmark-toggle--on' : ''}`}
        aria-pressed={on}
        onClick={toggle}
        disabled={busy || !data}
      >
        <span aria-hidden="true">{on ? '★' : '☆'}</span> {on ? '북마크됨' : '북마크'}
      </button>
      {/* While the list comes the button waits disabled; past 3 s a line under the row says so, past 5 s 다시 시도. */}
      {data === undefined && (
        <div className="bookmark-wait section-wait-collapsed">
          <Pending onRetry={() => void bookmarks.refetch()} />
        </div>
      )}
    </>
  );
}
