import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { kst } from '../lib/time';
import { LINK_ENDED_MATERIAL, LINK_ENDED_VIDEO, NOT_OWNER_VIDEO } from '../domain/access';
import { CLIENT, buyWithTestCard, jsonOf, signInAs, testServer, type TestServer } from '../testing';

/**
 * Issue 41, hole 1: a signed link to paid material (a handout or e-book, a class video, its HLS playlists and fragments,
 * its captions) serves only while the member it was issued to still has the class, not merely while its signature
 * and expiry hold. Every kind of link after the member's whole refund, the member's part refund that ends a class, the
 * console's whole refund (also reached in parts), an ended access period, and in another member's hands; a free
 * preview stays free for anyone. The links are the ones the API hands out, fetched as a browser would (no token).
 */
let s: TestServer;
/** new@demo.kr (u-demo-2), who buys and is refunded here; `s` itself is member@demo.kr (u-demo-1). */
let buyer: TestServer;
let operator: Record<string, string>;
const BUYER = 'u-demo-2';

beforeAll(async () => {
  s = await testServer();
  const token = await signInAs(s, 'new@demo.kr');
  buyer = {
    ...s,
    call: (method, path, init = {}) => s.call(method, path, { ...init, auth: false, headers: { ...init.headers, Authorization: `Bearer ${token}` } }),
  };
  operator = { Authorization: `Bearer ${await signInAs(s, 'staff@demo.kr')}` };
}, 60_000);
afterAll(() => s?.close());

/** What fetching a link answers: its status and, for a refusal, the Korean message. */
async function fetchLink(link: string, headers: Record<string, string> = {}): Promise<[number, string | undefined]> {
  const res = await fetch(s.url + link, { headers: { ...CLIENT, ...headers } });
  const json = res.status === 200 || res.status === 206 ? undefined : await jsonOf(res);
  if (json === undefined) await res.arrayBuffer();
  return [res.status, json?.respMessage];
}

const handoutLink = async (who: TestServer, contentsid: number): Promise<string> => {
  const r = await who.call('GET', `/api/Contents/GetContentsPdfList/${contentsid}`);
  expect(r.status).toBe(200);
  return r.json.datas[0].path as string;
};

const mediaLines = (playlist: string) =>
  playlist.split('\n').flatMap((l) => {
    const uri = /URI="([^"]+)"/.exec(l)?.[1] ?? (l.startsWith('/api/Media/DataGetMedia') ? l : undefined);
    return uri ? [uri] : [];
  });

/** Every link the player is given for a video: the source, its caption track if any, and for HLS a variant, its init and a fragment. */
async function videoLinks(who: TestServer, videoid: number): Promise<Record<string, string>> {
  const r = await who.call('GET', `/api/Contents/GetVideoSourceUrl/${videoid}`);
  expect(r.status).toBe(200);
  const links: Record<string, string> = { source: r.json.datas.sourceurl };
  // The demo's captions are on classes 101, 102 and 121.
  if (r.json.datas.captions?.length) links.caption = r.json.datas.captions[0].url;
  if (r.json.datas.path.endsWith('.m3u8')) {
    const master = await (await fetch(s.url + links.source)).text();
    links.variant = mediaLines(master)[0]!;
    const [init, fragment] = mediaLines(await (await fetch(s.url + links.variant)).text());
    Object.assign(links, { init: init!, fragment: fragment! });
  }
  return links;
}

/** Each link answers as expected: served, or refused with `message`. */
async function expectAll(links: Record<string, string>, expected: 'served' | string, headers: Record<string, string> = {}) {
  for (const [kind, link] of Object.entries(links)) {
    const [status, message] = await fetchLink(link, headers);
    if (expected === 'served') expect([kind, status]).toEqual([kind, 200]);
    else expect([kind, status, message]).toEqual([kind, 403, expected]);
  }
}

const consoleRefund = async (paymentid: number, amount: number) => {
  const cancellable = (await s.call('GET', `/api/Admin/Orders/${paymentid}`, { headers: operator, auth: false })).json.datas.cancellable as number;
  const r = await s.call('POST', `/api/Admin/Orders/${paymentid}/Refund`, {
    body: { amount, cancellable, reason: '수강 취소 요청' },
    headers: operator,
    auth: false,
  });
  expect(r.status).toBe(200);
  return r.json.datas;
};

describe("a member's own refund", () => {
  it('the whole refund of an unused order: the handout link listed before it answers 403 with a Korean message, logged in English', async () => {
    const { paymentid } = await buyWithTestCard(buyer, BUYER, [104]);
    // Listing the handouts is not a use (docs/decisions.md, issue 41): the order stays wholly refundable.
    const handout = await handoutLink(buyer, 104);
    expect(handout).toContain(`member=${BUYER}`);
    expect((await buyer.call('GET', `/api/Payment/RefundQuote/${paymentid}`)).json.datas).toMatchObject({ basis: 'withdrawal', refundable: true });
    const refund = await buyer.call('POST', '/api/Payment/RequestRefund/', { body: { paymentid, reason: '단순 변심' } });
    expect(refund.json.datas).toMatchObject({ status: 'refunded', contentsids: [104] });

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(await fetchLink(handout)).toEqual([403, LINK_ENDED_MATERIAL]);
      expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([
        `[links] refused a signed handout link of ${BUYER} for pdf-104.pdf: the member no longer has the class`,
      ]);
    } finally {
      warn.mockRestore();
    }
    // The refused fetch recorded no download: a refused link is not a use.
    expect((await sql<{ n: number }>`select count(*)::int as n from enrollments where useruid = ${BUYER} and contentsid = 104`.execute(s.db)).rows[0]!.n).toBe(0);
  });

  it('a part refund that ends one class of the order: that class’s handout link is 403, the kept class’s links still serve', async () => {
    const { paymentid } = await buyWithTestCard(buyer, BUYER, [106, 107]);
    // Playing 106 uses it, so the refund ends 107 only (a video link always records a play, so 107 has none).
    const kept = { ...(await videoLinks(buyer, 10612)), handout: await handoutLink(buyer, 106) };
    // Listed, never fetched: fetching it would use 107 and keep it from the refund.
    const ended = await handoutLink(buyer, 107);
    await expectAll(kept, 'served');
    const refund = await buyer.call('POST', '/api/Payment/RequestRefund/', { body: { paymentid, reason: '단순 변심' } });
    expect(refund.json.datas).toMatchObject({ status: 'partially_refunded', contentsids: [107] });

    expect(await fetchLink(ended)).toEqual([403, LINK_ENDED_MATERIAL]);
    await expectAll(kept, 'served');
  });
});

describe("the console's refund", () => {
  it('a whole refund cuts every link of the order at once: handout, MP4 source, HLS playlists, init and fragment, captions', async () => {
    const { paymentid, paidamount } = await buyWithTestCard(buyer, BUYER, [101, 102]);
    const hls = await videoLinks(buyer, 10212);
    const links = {
      handout101: await handoutLink(buyer, 101),
      handout102: await handoutLink(buyer, 102),
      ...Object.fromEntries(Object.entries(await videoLinks(buyer, 10112)).map(([k, v]) => [`mp4 ${k}`, v])),
      ...Object.fromEntries(Object.entries(hls).map(([k, v]) => [`hls ${k}`, v])),
    };
    expect(Object.keys(links)).toEqual([
      'handout101', 'handout102', 'mp4 source', 'mp4 caption', 'hls source', 'hls caption', 'hls variant', 'hls init', 'hls fragment',
    ]);
    for (const [kind, link] of Object.entries(links)) expect([kind, link]).toEqual([kind, expect.stringContaining(`member=${BUYER}`)]);
    await expectAll(links, 'served');

    expect(await consoleRefund(paymentid, paidamount)).toMatchObject({ status: 'refunded' });

    const { handout101, handout102, ...media } = links;
    await expectAll({ handout101, handout102 }, LINK_ENDED_MATERIAL);
    await expectAll(media, LINK_ENDED_VIDEO);
    // Another member who owns both classes gains nothing by presenting the refunded member's links with their own
    // token (a signed link is the named member's, whoever sends it) ...
    await expectAll({ handout101, handout102 }, LINK_ENDED_MATERIAL, { Authorization: `Bearer ${s.token}` });
    await expectAll(media, LINK_ENDED_VIDEO, { Authorization: `Bearer ${s.token}` });
    // ... nor by naming themselves on them (the signature covers the member) ...
    const readdressed = hls.fragment!.replace(`member=${BUYER}`, 'member=u-demo-1');
    expect(await fetchLink(readdressed)).toEqual([403, NOT_OWNER_VIDEO]);
    // ... while their own links of the same videos and files serve as before: the check is the link's member's.
    await expectAll({ handout: await handoutLink(s, 102), ...(await videoLinks(s, 10212)) }, 'served');
  });

  it('a part refund ends no class and cuts nothing; the part that completes the refund cuts the links', async () => {
    const { paymentid, paidamount } = await buyWithTestCard(buyer, BUYER, [108]);
    const links = { handout: await handoutLink(buyer, 108), ...(await videoLinks(buyer, 10812)) };
    await consoleRefund(paymentid, 1000);
    await expectAll(links, 'served');
    expect(await consoleRefund(paymentid, paidamount - 1000)).toMatchObject({ status: 'refunded' });
    const { handout, ...media } = links;
    await expectAll({ handout }, LINK_ENDED_MATERIAL);
    await expectAll(media, LINK_ENDED_VIDEO);
  });
});

describe('an ended access period', () => {
  it('cuts the links issued while it ran, though their signatures still hold', async () => {
    const links = { ...(await videoLinks(s, 12112)), handout: await handoutLink(s, 121) };
    await expectAll(links, 'served');
    const before = (await sql<{ end_at: string }>`select end_at from enrollments where useruid = 'u-demo-1' and contentsid = 121`.execute(s.db)).rows[0]!;
    await sql`update enrollments set end_at = ${kst(new Date(Date.now() - 60_000))} where useruid = 'u-demo-1' and contentsid = 121`.execute(s.db);
    try {
      const { handout, ...media } = links;
      await expectAll({ handout }, LINK_ENDED_MATERIAL);
      await expectAll(media, LINK_ENDED_VIDEO);
    } finally {
      await sql`update enrollments set end_at = ${before.end_at} where useruid = 'u-demo-1' and contentsid = 121`.execute(s.db);
    }
  });
});

describe('free previews', () => {
  it('stay free for anyone, a refunded member and a visitor alike, with no member on their links', async () => {
    const r = await s.call('GET', '/api/Contents/GetVideoSourceUrl/10211', { auth: false });
    expect(r.status).toBe(200);
    expect(r.json.datas.sourceurl).not.toContain('member=');
    const master = await (await fetch(s.url + r.json.datas.sourceurl)).text();
    const variant = mediaLines(master)[0]!;
    const [init, fragment] = mediaLines(await (await fetch(s.url + variant)).text());
    await expectAll({ source: r.json.datas.sourceurl, variant, init: init!, fragment: fragment!, caption: r.json.datas.captions[0].url }, 'served');
  });
});
