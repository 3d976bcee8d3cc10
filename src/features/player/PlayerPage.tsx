import './player.css';
import '../../components/ui/ui.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { curriculumSectionsQuery, lectureDetailQuery } from '../../api/queries/catalog';
import { fetchSectionVideos, lectureVideosQuery, playerKeys, videoSourceQuery } from '../../api/queries/player';
import { lastWatchTimeQuery } from '../../api/queries/progress';
import { recordFirstPlay } from '../../api/queries/payment';
import type { components } from '../../api/schema.gen';
import { InlineFailure } from '../../components/section/InlineFailure';
import { Pending } from '../../components/section/Pending';
import { Tabs } from '../../components/ui/Tabs';
import { CurriculumPanel } from './CurriculumPanel';
import { NotesPanel } from './NotesPanel';
import { Displaced } from './Displaced';
import { NextUp } from './NextUp';
import { StageFailure } from './StageFailure';
import { LockedStage, isLockedRefusal } from './LockedStage';
import { ENROLMENT_ENDED_TEXT, endedOnText, enrolmentEnded } from '../../lib/enrolmentEnd';
import { VideoStage } from './VideoStage';
import { openPlayingPlace, type PlayingPlace } from './playingPlace';
import { pickStart, type StartPoint } from '../../../rules/startPoint';
import { useWatchReporter } from './useWatchReporter';
import { watchQueue } from './durableQueue';
import { holdUntilFirstFrame, releaseFirstFrameHold } from '../../lib/firstFrameHold';
import { seedFromFirstPaint } from '../../lib/firstPaintData';
import { releaseUntakenFirstPaintVideo } from '../../lib/firstPaintVideo';
import { viewingAs } from '../../components/viewAs/readOnly';

type Video = components['schemas']['Video'];
type VideoSource = components['schemas']['VideoSource'];
type LectureDetail = components['schemas']['LectureDetail'];
type Section = components['schemas']['CurriculumSection'];
type WatchTime = components['schemas']['WatchTime'];

/** How long the early signed link waits in the cache for the stage (the list call's own time-out is 15 s). */
const EARLY_SOURCE_KEPT_MS = 30_000;

const PLAYER_TABS = [
  ['curriculum', '커리큘럼'],
  ['notes', '메모'],
  ['qna', 'Q&A'],
] as const;

interface PlayerPageProps {
  contentsid: number;
  useruid: string;
  /** From "이어보기": the video and second to open at. */
  videoid?: number;
  t?: number;
  /** The playing video goes into the address (without the second), so a reload resumes from the server's record. */
  onVideoShown: (videoid: number) => void;
  /** The lecture's Q&A (src/features/qna), mounted by the route: features do not import each other. */
  qna: React.ReactNode;
}

export function PlayerPage({ contentsid, useruid, videoid, t, onVideoShown, qna }: PlayerPageProps) {
  const queryClient = useQueryClient();
  // The server may have written the player's records into the page, with the video playing its source
  // (server/http/playerFirstPaint.ts): the first render shows them instead of asking once the scripts are in.
  const [written] = useState(() => {
    const take = <T,>(operation: string, request: Record<string, unknown>, key: readonly unknown[]) =>
      seedFromFirstPaint<T>(queryClient, operation, request, key);
    take<LectureDetail>('getOnlineDetail', { contentsid, useruid }, lectureDetailQuery(contentsid, useruid).queryKey);
    take<Section[]>('getCurriculumSections', { contentsid }, curriculumSectionsQuery(contentsid).queryKey);
    const list = take<Video[]>('getLectureVideos', { contentsid, useruid }, playerKeys.videos(contentsid, useruid));
    const last = videoid === undefined ? take<WatchTime | null>('getLastWatchTime', { useruid }, lastWatchTimeQuery(useruid).queryKey) : undefined;
    // Where the player opens, by the rule the server applied to the same records: the stage shows the written video
    // from the first render (the address's, else the member's last one of this class).
    const start = list && (videoid !== undefined || last !== undefined) ? pickStart(list, { videoid, t }, last ?? null) : undefined;
    const opens = videoid ?? start?.videoid;
    const source = opens === undefined ? undefined : take<VideoSource>('getVideoSourceUrl', { id: opens }, videoSourceQuery(opens).queryKey);
    // "이어보기" names the video: its signed link is asked for now, beside the list, instead of one call after it
    // (the source query below takes it from the cache when the address's video is the one that opens).
    if (!source && videoid !== undefined)
      void queryClient.prefetchQuery({ ...videoSourceQuery(videoid), gcTime: EARLY_SOURCE_KEPT_MS, retry: false });
    return { videos: list !== undefined, resume: last !== undefined, start: source && start?.videoid === opens ? start : undefined };
  });
  // Writes left from a cut network or a closed tab go first, so the resume position read next is current.
  // A member view (회원 화면으로 보기) writes nothing: no watch time, no playing place, no first play; the queue is this
  // browser's own and waits for its own member.
  const [flushed, setFlushed] = useState(!!viewingAs);
  useEffect(() => {
    if (viewingAs) return;
    void (async () => {
      const queued = written.videos ? await watchQueue.pending().catch(() => 0) : 0;
      await watchQueue.flush();
      // The written list was made before those writes reached the server: its watch state is read again.
      if (queued > 0) void queryClient.invalidateQueries({ queryKey: playerKeys.videos(contentsid, useruid) });
    })().finally(() => setFlushed(true));
  }, [written.videos, queryClient, contentsid, useruid]);
  // The identity runtime's supabase-js waits for the first frame instead of sharing the line with it (lib/firstFrameHold).
  useState(() => holdUntilFirstFrame());
  const detail = useQuery(lectureDetailQuery(contentsid, useruid));
  const videos = useQuery({ ...lectureVideosQuery(contentsid, useruid), enabled: flushed });
  const sections = useQuery(curriculumSectionsQuery(contentsid));
  // Without an address to resume at, the member's last watched video and second. Decided once: the address
  // names the video shown soon after (onVideoShown), which must not hide a failed resume point's message.
  const [resumeFromServer] = useState(videoid === undefined);
  // A resume point the page brought is not asked for again: the player opened where it said, so a fresh answer changed
  // nothing but cost a call on the line the video's bytes share (seen by the fault matrix with first-paint data, issue
  // 43). 다시 시도 on a failed one still asks.
  const last = useQuery({ ...lastWatchTimeQuery(useruid), enabled: flushed && resumeFromServer && !written.resume });
  const [current, setCurrent] = useState<StartPoint | undefined>(written.start);
  // A locked lecture the member picked (or the address named): the stage says why and offers buying (issue 26).
  const [locked, setLocked] = useState<Video>();
  const [tab, setTab] = useState<(typeof PLAYER_TABS)[number][0]>('curriculum');
  const [nextUp, setNextUp] = useState<Video>();
  const [displaced, setDisplaced] = useState(false);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);

  const list = useMemo(() => videos.data ?? [], [videos.data]);
  useEffect(() => {
    if (current || !videos.data || (resumeFromServer && last.isPending)) return;
    setLocked(videos.data.find((v) => v.videoid === videoid && v.path === null));
    setCurrent(pickStart(videos.data, { videoid, t }, resumeFromServer ? last.data : null));
  }, [current, videos.data, videoid, t, resumeFromServer, last.isPending, last.data]);
  // Each part says its own failure (issue 15): the resume point missing only means the video opens elsewhere.
  const failed = (q: { data: unknown; isError: boolean; isFetching: boolean }) =>
    q.data === undefined && q.isError && !q.isFetching;
  const resumeFailed = resumeFromServer && failed(last);
  // After "다시 시도" on the resume point, the answer moves the player there (the member asked for it).
  const [resumeAsked, setResumeAsked] = useState(false);
  useEffect(() => {
    if (!resumeAsked || !last.data || !videos.data) return;
    setResumeAsked(false);
    const point = pickStart(videos.data, {}, last.data);
    if (point) setCurrent((was) => (was?.videoid === point.videoid && was.start === point.start ? was : point));
  }, [resumeAsked, last.data, videos.data]);

  useEffect(() => {
    if (current) onVideoShown(current.videoid);
  }, [current, onVideoShown]);

  // "이어보기" names the video and its second: the stage opens it once its signed link is in, without waiting for the
  // list, which then confirms it (the same video and second: the stage stays); a video the list does not offer is dropped.
  const addressed =
    videoid !== undefined && t !== undefined && (!videos.data || videos.data.some((v) => v.videoid === videoid && v.path !== null));
  const opening = current ?? (addressed ? { videoid, start: t > 0 ? Math.floor(t) : 0 } : undefined);
  const playing = list.find((v) => v.videoid === current?.videoid);
  const next = playing ? list[list.indexOf(playing) + 1] : undefined;
  const source = useQuery({
    ...videoSourceQuery(opening?.videoid ?? 0),
    enabled: !!opening,
    // A new link would restart the video: only a retry asks again.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });

  // One playing place per member.
  const placeRef = useRef<PlayingPlace>(undefined);
  useEffect(() => {
    const place = openPlayingPlace(useruid, () => {
      setDisplaced(true);
      document.querySelector<HTMLVideoElement>('.player-stage video')?.pause();
    });
    placeRef.current = place;
    const release = () => place.release();
    window.addEventListener('pagehide', release);
    return () => {
      window.removeEventListener('pagehide', release);
      place.release();
      place.close();
    };
  }, [useruid]);

  const firstPlayDone = useRef(false);
  useEffect(() => {
    if (!video || !playing) return;
    const onPlay = () => {
      setDisplaced(false);
      if (viewingAs) return;
      void placeRef.current?.claim(contentsid, playing.videoid).catch(() => undefined);
      // A free 미리보기 lecture is never use of the class (issue 42, finding 1): watching it kept a bought class from
      // its 청약철회 refund. The server records a class video's first play itself when it issues its source.
      if (!firstPlayDone.current && !playing.ispreview && detail.data?.ispurchased && !detail.data.firstplaydate) {
        firstPlayDone.current = true;
        void recordFirstPlay(useruid, contentsid).catch(() => undefined);
      }
    };
    video.addEventListener('play', onPlay);
    if (!video.paused) onPlay();
    return () => video.removeEventListener('play', onPlay);
  }, [video, playing, contentsid, useruid, detail.data]);

  const refreshSection = useCallback(
    async (sectionid: number) => {
      const fresh = await fetchSectionVideos(sectionid, useruid).catch(() => undefined);
      if (!fresh) return;
      queryClient.setQueryData(playerKeys.videos(contentsid, useruid), (old: Video[] | undefined) =>
        old?.map((v) => fresh.find((f) => f.videoid === v.videoid) ?? v),
      );
    },
    [queryClient, contentsid, useruid],
  );

  useWatchReporter(video, playing && !viewingAs ? { useruid, contentsid, sectionid: playing.sectionid, videoid: playing.videoid } : undefined, {
    onBeat: () => void placeRef.current?.lostToAnother(),
    onCompleted: () => {
      if (playing) void refreshSection(playing.sectionid);
      if (next?.path) setNextUp(next);
    },
  });

  const pick = useCallback((v: Video) => {
    setNextUp(undefined);
    setLocked(v.path === null ? v : undefined);
    if (v.path === null) return;
    setCurrent({ videoid: v.videoid, start: v.watchedtime < v.duration - 5 ? v.watchedtime : 0 });
  }, []);
  const playNext = useCallback(() => {
    if (nextUp) setCurrent({ videoid: nextUp.videoid, start: 0 });
    setNextUp(undefined);
  }, [nextUp]);

  const title = detail.data?.title ?? '';
  // The video area needs the list, the class (ownership) and the signed link; the first that failed is told.
  const stageProblem = failed(videos)
    ? { error: videos.error, retry: () => void videos.refetch() }
    : failed(detail)
      ? { error: detail.error, retry: () => void detail.refetch() }
      : // The address's video before the list confirms it: only a lock is said (an unknown video gives way to the list's).
        source.isError && !source.isFetching && (current || isLockedRefusal(source.error))
        ? { error: source.error, retry: () => void source.refetch() }
        : undefined;
  useEffect(() => {
    if (stageProblem) releaseFirstFrameHold();
  }, [stageProblem]);
  const stageDecided = !!(current || locked || stageProblem);
  useEffect(() => {
    if (stageDecided) releaseUntakenFirstPaintVideo();
  }, [stageDecided]);
  useEffect(() => releaseUntakenFirstPaintVideo, []);
  return (
    <div className="player">
      <header className="player-bar">
        <Link to="/myclassProgress/$contentsid" params={{ contentsid: String(contentsid) }} className="player-bar__back">
          <span aria-hidden="true">‹</span> 강의실로
        </Link>
        <div className="player-bar__titles">
          <h1 className="player-bar__lecture">{title || '클래스 플레이어'}</h1>
          {playing ? <p className="player-bar__video">{playing.title}</p> : null}
        </div>
      </header>
      <div className="player-body">
        <div className="player-main">
          {locked || (stageProblem && isLockedRefusal(stageProblem.error)) ? (
            <LockedStage
              contentsid={contentsid}
              title={locked?.title}
              endedText={
                detail.data?.ispurchased && detail.data.expiredate && enrolmentEnded(detail.data.expiredate)
                  ? `${ENROLMENT_ENDED_TEXT} (${endedOnText(detail.data.expiredate)})`
                  : undefined
              }
            />
          ) : stageProblem ? (
            <StageFailure error={stageProblem.error} onRetry={stageProblem.retry} />
          ) : source.data && opening ? (
            <VideoStage
              key={opening.videoid}
              src={source.data.sourceurl}
              captions={source.data.captions}
              startAt={opening.start}
              title={playing?.title ?? title}
              onVideo={setVideo}
              onRetry={() => void source.refetch()}
            >
              {displaced ? (
                <Displaced
                  onResume={() => {
                    setDisplaced(false);
                    void video?.play();
                  }}
                />
              ) : nextUp ? (
                <NextUp title={nextUp.title} onPlay={playNext} onCancel={() => setNextUp(undefined)} />
              ) : null}
            </VideoStage>
          ) : (
            <div className="player-stage player-stage--message">
              {/* Past 5 s the wait says the answer is late, with 다시 시도 for every call still waiting (issue 26). */}
              <Pending>
                <p role="status">강의 영상을 불러오는 중입니다.</p>
              </Pending>
            </div>
          )}
          {/* The video plays while the class or the curriculum's section titles are still on their way: their wait
              has a line of its own under the stage, so a hang there is said too. */}
          {source.data && opening && !stageProblem && (detail.isPending || sections.isPending) ? (
            <div className="player-wait section-wait-collapsed">
              <Pending />
            </div>
          ) : null}
          {resumeFailed ? (
            <div className="player-resume-failure">
              <InlineFailure
                subject="마지막 시청 위치"
                error={last.error}
                onRetry={() => {
                  setResumeAsked(true);
                  void last.refetch();
                }}
              />
            </div>
          ) : null}
        </div>
        <aside className="player-side">
          <Tabs
            label="강의 정보"
            className="player-tabs"
            tabs={PLAYER_TABS}
            selected={tab}
            onSelect={setTab}
            idPrefix="player"
          />
          <div className="player-panel" id="player-panel" role="tabpanel" aria-labelledby={`player-tab-${tab}`}>
            {tab === 'curriculum' ? (
              <CurriculumPanel
                sections={sections.data ?? []}
                videos={list}
                currentId={current?.videoid ?? 0}
                onPick={pick}
                sectionsFailure={
                  failed(sections) ? (
                    <InlineFailure subject="섹션 제목" error={sections.error} onRetry={() => void sections.refetch()} />
                  ) : null
                }
                videosFailure={
                  failed(videos) ? (
                    <InlineFailure subject="강의 목록" error={videos.error} onRetry={() => void videos.refetch()} />
                  ) : null
                }
              />
            ) : tab === 'notes' ? (
              <NotesPanel
                contentsid={contentsid}
                useruid={useruid}
                videos={list}
                playingId={current?.videoid}
                video={video}
                onOpenAt={(videoid, start) => {
                  // As a pick in the curriculum (a locked video says why), then at the note's second.
                  const v = list.find((x) => x.videoid === videoid);
                  if (!v) return;
                  pick(v);
                  if (v.path !== null) setCurrent({ videoid, start });
                }}
              />
            ) : (
              <div className="player-qna">{qna}</div>
            )}
          </div>
        </aside>
      </div>
    </div>
  );
}
