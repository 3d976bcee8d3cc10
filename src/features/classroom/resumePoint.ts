interface Completion {
  videoid: number;
  watchedtime: number;
  iscomplete: boolean;
}

interface LastWatch {
  contentsid: number;
  videoid: number;
  watchedtime: number;
}

/**
 * Where "이어보기" of one class starts: the member's last video and second when it belongs to this class;
 * otherwise the first video not yet completed, at its stored second; a finished class starts again at the top.
 */
export function classResumePoint(contentsid: number, videos: readonly Completion[], last: LastWatch | null | undefined) {
  if (last && last.contentsid === contentsid) return { videoid: last.videoid, seconds: last.watchedtime };
  const next = videos.find((v) => !v.iscomplete) ?? videos[0];
  return next ? { videoid: next.videoid, seconds: next.iscomplete ? 0 : next.watchedtime } : { videoid: null, seconds: null };
}
