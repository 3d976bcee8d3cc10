import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import type { components } from '../schema.gen';

/**
 * Member screens' calls tagged `classroom` (my lectures, materials, lecture Q&A, bookmarks). Kept apart from
 * `classroom.ts`, which travels in the first-paint chunk for the side menu's counts: these load with their screens.
 */

export type MyLectureStatus = components['schemas']['MyLectureStatus'];
export type MyLecture = components['schemas']['MyLecture'];
export type QnA = components['schemas']['QnA'];
export type NewQuestion = Omit<components['schemas']['QnaSaveRequest'], 'qnaid'>;

/** One page holds a member's whole classroom tab (the yaml's maximum page size). */
export const MY_LECTURES_PAGE_SIZE = 100;
export const QNA_PAGE_SIZE = 10;

/** POST /api/Contents/GetMyLectures/ — one classroom tab (`ing` /myclass, `end` /myclassEnd, `bookmark` /myBookmark). */
export function fetchMyLectures(useruid: string, status: MyLectureStatus, page = 1, client: ApiClient = api) {
  return datasOf(
    client.POST('/api/Contents/GetMyLectures/', { body: { useruid, status, page, pageSize: MY_LECTURES_PAGE_SIZE } }),
  );
}

/** GET /api/Contents/GetContentsPdfList/{contentsid} — an owned class's e-book and handouts, each a signed link. */
export function fetchContentsPdfList(contentsid: number, client: ApiClient = api) {
  return datasOf(client.GET('/api/Contents/GetContentsPdfList/{contentsid}', { params: { path: { contentsid } } }));
}

/** POST /api/QnA/GetList/{contentsid}/{useruid}?canIOnlySee= — a lecture's questions, or only the member's own. */
export function fetchQnaList(contentsid: number, useruid: string, onlyMine: boolean, page = 1, client: ApiClient = api) {
  return datasOf(
    client.POST('/api/QnA/GetList/{contentsid}/{useruid}', {
      params: { path: { contentsid, useruid }, query: { canIOnlySee: onlyMine } },
      body: { page, pageSize: QNA_PAGE_SIZE },
    }),
  );
}

/** POST /api/QnA/Save/ — a new question (`qnaid` 0). */
export function saveQna(question: NewQuestion, client: ApiClient = api) {
  return datasOf(client.POST('/api/QnA/Save/', { body: { qnaid: 0, ...question } }));
}

/** POST /api/Contents/SetBookmark/ — sets (not toggles) the bookmark of a bought class. */
export function setBookmark(useruid: string, contentsid: number, isbookmarked: boolean, client: ApiClient = api) {
  return datasOf(client.POST('/api/Contents/SetBookmark/', { body: { useruid, contentsid, isbookmarked } }));
}

export const classroomKeys = {
  all: ['classroom'] as const,
  lectures: (useruid: string, status: MyLectureStatus) => ['classroom', 'lectures', useruid, status] as const,
  materials: (contentsid: number) => ['classroom', 'materials', contentsid] as const,
  qna: (contentsid: number, useruid: string) => ['classroom', 'qna', contentsid, useruid] as const,
  qnaPage: (contentsid: number, useruid: string, onlyMine: boolean, page: number) =>
    ['classroom', 'qna', contentsid, useruid, onlyMine, page] as const,
};

export const myLecturesQuery = (useruid: string, status: MyLectureStatus) =>
  queryOptions({ queryKey: classroomKeys.lectures(useruid, status), queryFn: () => fetchMyLectures(useruid, status) });

export const contentsPdfListQuery = (contentsid: number) =>
  // Links are signed for 10 minutes: refetch well before they expire.
  queryOptions({
    queryKey: classroomKeys.materials(contentsid),
    queryFn: () => fetchContentsPdfList(contentsid),
    staleTime: 5 * 60_000,
  });

export const qnaListQuery = (contentsid: number, useruid: string, onlyMine: boolean, page: number) =>
  queryOptions({
    queryKey: classroomKeys.qnaPage(contentsid, useruid, onlyMine, page),
    queryFn: () => fetchQnaList(contentsid, useruid, onlyMine, page),
  });
