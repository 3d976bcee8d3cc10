import { fromCallback, fromPromise } from 'xstate';
import {
  UPLOAD_RETRY_DELAYS,
  lectureUploadMachine,
  shouldRetryUpload,
  uploadFailureOf,
  type LectureUploadEvent,
  type UploadInput,
} from '../../../../machines/lectureUpload';
import { apiBaseUrl, sessionHeaders } from '../../../api/sessionHeaders';
import { fetchAdminLectureMedia, retryAdminLectureMedia } from '../../../api/queries/admin-media';

const UPLOAD_PATH = '/api/Admin/Uploads';
/** Pieces of 50 MB: a cut or a pause loses at most one piece's progress, and each PATCH stays a plain request. */
const CHUNK_BYTES = 50 * 1024 * 1024;

/**
 * The tus 1.0 upload of one lecture's video. tus-js-client loads with the first upload (its own chunk), keeps the
 * upload's address in localStorage under a fingerprint of the lecture and the file, and on `resume` continues the
 * upload of that same file from the offset the server holds (findPreviousUploads → resumeFromPreviousUpload); another
 * file starts a new upload. Stopping the actor (일시정지, leaving the page) aborts the requests and keeps the bytes.
 */
const tusUpload = fromCallback<LectureUploadEvent, UploadInput>(({ input, sendBack }) => {
  let stopped = false;
  let abort: (() => void) | undefined;
  void import('tus-js-client')
    .then(async ({ Upload }) => {
      if (stopped) return;
      const { videoid, file } = input;
      const upload = new Upload(file, {
        endpoint: new URL(UPLOAD_PATH, apiBaseUrl()).href,
        metadata: { videoid: String(videoid), filename: file.name, filetype: file.type },
        fingerprint: async (f) => {
          const { name, size, lastModified } = f as File;
          return ['pilates-lecture-upload', videoid, name, size, lastModified].join('|');
        },
        removeFingerprintOnSuccess: true,
        chunkSize: CHUNK_BYTES,
        retryDelays: UPLOAD_RETRY_DELAYS,
        // The session's headers at each request (the token may have been refreshed since the upload began).
        onBeforeRequest: (req) => {
          for (const [name, value] of Object.entries(sessionHeaders())) req.setHeader(name, value);
        },
        onShouldRetry: (err) => shouldRetryUpload(err.originalResponse?.getStatus()),
        onProgress: (sent, total) => sendBack({ type: 'UPLOAD.PROGRESS', percent: total > 0 ? (sent / total) * 100 : 0 }),
        onSuccess: () => sendBack({ type: 'UPLOAD.DONE' }),
        onError: (err) => {
          const response = 'originalResponse' in err ? err.originalResponse : null;
          sendBack({ type: 'UPLOAD.FAILED', ...uploadFailureOf(response?.getStatus(), response?.getBody()) });
        },
      });
      abort = () => void upload.abort(false).catch(() => undefined);
      if (input.resume) {
        const previous = await upload.findPreviousUploads();
        if (stopped) return;
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      }
      upload.start();
    })
    .catch(() => sendBack({ type: 'UPLOAD.FAILED', ...uploadFailureOf(undefined, undefined) }));
  return () => {
    stopped = true;
    abort?.();
  };
});

/** The machine wired to the console's calls; `onReady` runs when a lecture's video becomes 게시 가능. */
export function liveLectureUpload(onReady: () => void) {
  return lectureUploadMachine.provide({
    actors: {
      readMedia: fromPromise(({ input }) => fetchAdminLectureMedia(input.videoid)),
      retryMedia: fromPromise(({ input }) => retryAdminLectureMedia(input.videoid)),
      upload: tusUpload,
    },
    actions: { mediaReady: onReady },
  });
}
