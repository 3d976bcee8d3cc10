import { queryOptions } from '@tanstack/react-query';
import { api, datasOf, type ApiClient } from '../client';
import { fetchMyLectures } from './classroom-lectures';

// Operations tagged `quiz` in openapi/storefront.yaml.

type Answers = { quizid: number; contentsid: number; useruid: string; answers: { questionid: number; choice: number }[] };

/** GET /api/Evaluate/GetTest/{contentsid}/{useruid}/{isscoreid}: 0 resumes the open draft, if any. */
export function fetchQuizTest(contentsid: number, useruid: string, isscoreid: number, client: ApiClient = api) {
  return datasOf(
    client.GET('/api/Evaluate/GetTest/{contentsid}/{useruid}/{isscoreid}', {
      params: { path: { contentsid, useruid, isscoreid } },
    }),
  );
}

/** POST /api/Evaluate/ExistsPassScoreid/ */
export function fetchQuizPass(contentsid: number, useruid: string, client: ApiClient = api) {
  return datasOf(client.POST('/api/Evaluate/ExistsPassScoreid/', { body: { contentsid, useruid } }));
}

/** POST /api/Evaluate/Scoring/0: the answers so far, kept as the member's draft. */
export function saveQuizDraft(body: Answers, client: ApiClient = api) {
  return datasOf(client.POST('/api/Evaluate/Scoring/0', { body }));
}

/** POST /api/Evaluate/Scoring/1: graded and recorded by the server. */
export function submitQuiz(body: Answers, client: ApiClient = api) {
  return datasOf(client.POST('/api/Evaluate/Scoring/1', { body }));
}

/** GET /api/Evaluate/IsRetakeQuiz/{quizid}/{useruid} */
export function fetchQuizRetake(quizid: number, useruid: string, client: ApiClient = api) {
  return datasOf(client.GET('/api/Evaluate/IsRetakeQuiz/{quizid}/{useruid}', { params: { path: { quizid, useruid } } }));
}

/** GET /api/Certificate/Verify/{certificateno} (an addition to the spec): public, the holder's name masked. */
export function fetchCertificateCheck(certificateno: string, client: ApiClient = api) {
  return datasOf(client.GET('/api/Certificate/Verify/{certificateno}', { params: { path: { certificateno } } }));
}

export function certificateCheckQuery(certificateno: string) {
  return queryOptions({
    queryKey: ['quiz', 'certificate', certificateno] as const,
    queryFn: () => fetchCertificateCheck(certificateno),
    retry: false,
  });
}

/** The member's certificates: the classroom call GetMyLectures with status `certificate` (one page holds them all). */
export function fetchMyCertificates(useruid: string, client: ApiClient = api) {
  return fetchMyLectures(useruid, 'certificate', 1, client);
}

export function myCertificatesQuery(useruid: string) {
  return queryOptions({
    queryKey: ['quiz', 'certificates', useruid] as const,
    queryFn: () => fetchMyCertificates(useruid),
    staleTime: 0,
  });
}
