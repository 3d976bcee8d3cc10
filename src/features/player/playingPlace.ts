import { claimPlayingPlace, readPlayingPlace, releasePlayingPlace } from '../../api/queries/progress';
import { productKey } from '../../lib/productKeys';

/**
 * One playing place per member (issue 13): starting playback claims it on the server (CheckTabId) and tells the
 * other tabs of this browser at once (BroadcastChannel); a tab or device that was playing learns it either from
 * that message or, on another device, from the server's record at its next progress write (ProgressTabRecord).
 */
type Message = { type: 'claim'; tab: string; useruid: string };

const CHANNEL = productKey('player');

export interface PlayingPlace {
  /** Claims the place for this tab; resolves when the server has recorded it. */
  claim(contentsid: number, videoid: number): Promise<void>;
  /** True while another tab or device holds the place (checks the server; a failed read changes nothing). */
  lostToAnother(): Promise<boolean>;
  /** Gives the place up on close, only when this tab still holds it (keepalive: outlives the page). */
  release(): void;
  close(): void;
}

export function openPlayingPlace(useruid: string, onDisplaced: () => void): PlayingPlace {
  const tab = crypto.randomUUID();
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : undefined;
  let held: { contentsid: number; videoid: number; regdate: string } | undefined;
  // Claims go one after another, so the last one answered is the last one the server recorded; while one is on its
  // way, this tab's own record may be newer than `held` (its second differs), and no check judges it.
  let claims: Promise<unknown> = Promise.resolve();
  let claiming = 0;
  const displaced = () => {
    if (!held) return;
    held = undefined;
    onDisplaced();
  };
  channel?.addEventListener('message', (event: MessageEvent<Message>) => {
    if (event.data?.type === 'claim' && event.data.useruid === useruid && event.data.tab !== tab) displaced();
  });

  return {
    async claim(contentsid, videoid) {
      channel?.postMessage({ type: 'claim', tab, useruid } satisfies Message);
      claiming += 1;
      const claimed = claims.then(() => claimPlayingPlace(useruid, contentsid, videoid));
      claims = claimed.catch(() => undefined);
      try {
        const check = await claimed;
        held = { contentsid, videoid, regdate: check.current.regdate };
      } finally {
        claiming -= 1;
      }
    },
    async lostToAnother() {
      if (!held || claiming > 0) return false;
      const record = await readPlayingPlace(useruid).catch(() => undefined);
      if (!held || claiming > 0) return false;
      // null: the place was released (an older tab closing); nobody else plays, so this tab keeps going.
      if (!record) return false;
      const mine = record.contentsid === held.contentsid && record.videoid === held.videoid && record.regdate === held.regdate;
      if (!mine) displaced();
      return !mine;
    },
    release() {
      if (held) void releasePlayingPlace(useruid, { keepalive: true }).catch(() => undefined);
      held = undefined;
    },
    close() {
      channel?.close();
    },
  };
}
