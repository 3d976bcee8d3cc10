import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../testing';
import { DEMO_MEMBER, NEW_MEMBER, reviewers } from '../db/seed-data';
import { maskName } from '../domain/privacy';

/**
 * Issue 23, finding 7: a member's name reaches other people only masked by `maskName` (김필라 → 김*라): ratings,
 * reviews, questions to the teacher, suggestions and the public certificate check. Asked as a visitor, as another
 * member and as the author itself.
 */
let s: TestServer;
let other: string; // u-demo-2 (이새봄), who wrote none of it
beforeAll(async () => {
  s = await testServer();
  other = (await s.call('POST', '/local/auth/sign-in', { body: { email: NEW_MEMBER.email, remember: false }, auth: false })).json.datas
    .accessToken;
}, 30_000);
afterAll(() => s?.close());

const as = (token: string | undefined) => ({ auth: false, headers: (token ? { Authorization: `Bearer ${token}` } : {}) as Record<string, string> });
const FULL_NAMES = [DEMO_MEMBER.name, ...reviewers];
/** Every full name that must not appear, and every shown name in its masked form. */
function expectMasked(text: string, shown: string[]) {
  for (const name of FULL_NAMES) expect(text).not.toContain(name);
  expect(shown.length).toBeGreaterThan(0);
  for (const name of shown) expect(name).toMatch(/^.\*+.?$/u);
}

describe('finding 7: names are masked wherever they reach someone else', () => {
  let rated: Awaited<ReturnType<TestServer['call']>>;
  beforeAll(async () => {
    rated = await s.call('POST', '/api/Rating/Save/', {
      body: { contentsid: 101, useruid: DEMO_MEMBER.useruid, ratescore: 5, content: '호흡이 편해졌어요' },
    });
    expect(rated.status).toBe(200);
  });

  it('ratings of a class: to a visitor, to another member and to the author', async () => {
    // The author's own answer is masked too: the yaml's Rating.username has no exception for the author.
    expect(rated.json.datas).toMatchObject({ username: '김*라', ismine: true });
    for (const token of [undefined, other, s.token]) {
      const r = await s.call('POST', '/api/Rating/GetRatings/', { ...as(token), body: { page: 1, pageSize: 50, contentsid: 101 } });
      const list = r.json.datas.list as { username: string; useruid: string; ismine: boolean }[];
      expectMasked(JSON.stringify(r.json), list.map((x) => x.username));
      expect(list.find((x) => x.useruid === DEMO_MEMBER.useruid)?.username).toBe('김*라');
    }
  });

  it('the review list of the main page', async () => {
    const r = await s.call('POST', '/api/Review/GetReviews/', { auth: false, body: { page: 1, pageSize: 50 } });
    const list = r.json.datas.list as { username: string }[];
    expectMasked(JSON.stringify(r.json), list.map((x) => x.username));
    expect(list.map((x) => x.username)).toContain('김*라');
  });

  it('questions to the teacher: to another member and to the author', async () => {
    for (const [token, useruid] of [
      [other, NEW_MEMBER.useruid],
      [s.token, DEMO_MEMBER.useruid],
    ] as const) {
      const r = await s.call('POST', `/api/QnA/GetList/101/${useruid}`, { ...as(token), body: { page: 1, pageSize: 50 } });
      expect(r.status).toBe(200);
      const list = r.json.datas.list as { username: string; useruid: string }[];
      expectMasked(JSON.stringify(r.json), list.map((x) => x.username));
      expect(list.find((x) => x.useruid === DEMO_MEMBER.useruid)?.username).toBe('김*라');
    }
    const asked = await s.call('POST', '/api/QnA/Save/', {
      body: { contentsid: 101, useruid: DEMO_MEMBER.useruid, title: '질문', content: '내용', issecret: false },
    });
    expect(asked.json.datas.username).toBe('김*라');
  });

  it('suggestions to a visitor and another member (the author sees its own name, as the yaml says)', async () => {
    for (const token of [undefined, other]) {
      const r = await s.call('POST', '/api/Board/GetSuggests/', { ...as(token), body: { page: 1, pageSize: 50 } });
      expectMasked(JSON.stringify(r.json), (r.json.datas.list as { username: string }[]).map((x) => x.username));
    }
    const own = await s.call('POST', '/api/Board/GetSuggests/', { body: { page: 1, pageSize: 50, useruid: DEMO_MEMBER.useruid } });
    expect(own.json.datas.list[0].username).toBe(DEMO_MEMBER.name);
  });

  it('the public certificate check', async () => {
    const mine = await s.call('POST', '/api/Contents/GetMyLectures/', {
      body: { useruid: DEMO_MEMBER.useruid, status: 'certificate', page: 1, pageSize: 10 },
    });
    const number = mine.json.datas.list[0].certificate.certificateno as string;
    const check = await s.call('GET', `/api/Certificate/Verify/${number}`, { auth: false });
    expect(check.json.datas.maskedname).toBe(maskName(DEMO_MEMBER.name));
    expectMasked(JSON.stringify(check.json), [check.json.datas.maskedname]);
  });

  it('maskName keeps the first and last letter: 김필라 → 김*라, 남궁민수 → 남**수, 이산 → 이*, 한 → *', () => {
    expect(['김필라', '남궁민수', '이산', '한'].map(maskName)).toEqual(['김*라', '남**수', '이*', '*']);
  });
});
