import type { Server } from '@tus/server';
import { MAX_VIDEO_BYTES } from '../domain/lectureMedia';

/**
 * The tus 1.0 server of lecture uploads (`@tus/server`) over a store's datastore (server/media/lectureStorage.ts: a
 * file store in the demo, S3 in production). The operations (server/handlers/admin-media.ts) check the staff member's
 * right before a request reaches it, and sniff the first bytes (`isVideoContainer`).
 */
export const UPLOAD_PATH = '/api/Admin/Uploads';

/** Loaded at the first upload request: @tus/server stays out of the start-up of a store that never takes one. */
export async function tusServer(datastore: ConstructorParameters<typeof Server>[0]['datastore']): Promise<Server> {
  const { Server: TusServer } = await import('@tus/server');
  return new TusServer({ path: UPLOAD_PATH, datastore, maxSize: MAX_VIDEO_BYTES, relativeLocation: true });
}

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/**
 * Whether a file begins like a video container, by its bytes, not its name: ISO BMFF / QuickTime (MP4, MOV, M4V, 3GP),
 * Matroska / WebM (EBML), AVI (RIFF…AVI), MPEG transport stream (0x47 sync), MPEG program stream, FLV.
 */
export function isVideoContainer(head: Uint8Array): boolean {
  if (head.length >= 12 && ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip'].includes(ascii(head, 4, 8))) return true;
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return true;
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'AVI ') return true;
  if (head.length >= 4 && head[0] === 0x00 && head[1] === 0x00 && head[2] === 0x01 && head[3] === 0xba) return true;
  if (head.length >= 3 && ascii(head, 0, 3) === 'FLV') return true;
  // A transport stream: the sync byte at the start of two 188-byte packets.
  return head.length >= 189 && head[0] === 0x47 && head[188] === 0x47;
}

/**
 * The request with its first `need` bytes read (to sniff them) and put back in front of the rest of the body, so the
 * store receives every byte as sent.
 */
export async function peekBody(req: Request, need: number): Promise<{ head: Uint8Array; request: Request }> {
  const reader = req.body?.getReader();
  const chunks: Uint8Array[] = [];
  let have = 0;
  let done = !reader;
  while (!done && have < need) {
    const r = await reader!.read();
    if (r.done) done = true;
    else {
      chunks.push(r.value);
      have += r.value.length;
    }
  }
  const head = new Uint8Array(have);
  let at = 0;
  for (const c of chunks) {
    head.set(c, at);
    at += c.length;
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (head.length) controller.enqueue(head);
      if (done) controller.close();
    },
    async pull(controller) {
      const r = await reader!.read();
      if (r.done) controller.close();
      else controller.enqueue(r.value);
    },
    cancel: (reason) => reader?.cancel(reason),
  });
  const request = new Request(req.url, { method: req.method, headers: req.headers, body, duplex: 'half' } as RequestInit);
  return { head: head.subarray(0, need), request };
}
