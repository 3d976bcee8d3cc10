import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testServer, type TestServer } from '../testing';
import { SEARCH_FIELD_RANK, searchWord } from '../../rules/search';
// Engine parity: also run on PGlite in CI (scripts/test-all.sh): the search text functions are SQL of migration 043.

// Issue 42, finding 8: for 리포머, five of nine results matched only through the teacher "한리포머 강사" and came before
// the reformer classes. A search without a chosen sort now ranks where the word matched: title, then tags and
// summary, then teacher; and finds 리포머 by its 초성 and 매트 필라테스 without its space.
let server: TestServer;
beforeAll(async () => {
  server = await testServer();
}, 60_000);
afterAll(() => server?.close());

interface Found {
  contentsid: number;
  title: string;
  subtitle: string;
  teachername: string;
  tags: string[];
  regdate: string;
}
// Each read its own page size: the response cache does not see the SQL writes below.
let fresh = 0;
const search = async (schtext: string, body: Record<string, unknown> = {}) => {
  const r = await server.call('POST', '/api/Contents/GetOnlineLectures/', {
    body: { page: 1, pageSize: 60 - fresh++, isonlybranch: true, schtext, ...body },
  });
  expect(r.status).toBe(200);
  return r.json.datas as { list: Found[]; totalCount: number };
};
const titles = (l: Found[]) => l.map((x) => x.title);

/** Where a word is seen by a member: the best field of the lecture that holds it. */
const rankOf = (l: Found, word: string) => {
  const has = (s: string) => searchWord(s).includes(searchWord(word));
  if (has(l.title)) return SEARCH_FIELD_RANK.title;
  if (has(l.tags.join(','))) return SEARCH_FIELD_RANK.tags;
  if (has(l.subtitle)) return SEARCH_FIELD_RANK.summary;
  return SEARCH_FIELD_RANK.teacher;
};

describe('a search ranks where the word matched', () => {
  it('리포머: the three reformer classes first, then the matches through tags or summary, the teacher last', async () => {
    const { list, totalCount } = await search('리포머');
    expect(totalCount).toBe(9);
    expect(titles(list.slice(0, 3)).sort()).toEqual(['리포머 기초 완성', '리포머 전신 플로우', '리포머 풋워크 마스터']);
    expect(titles(list.slice(3)).filter((t) => t.includes('리포머'))).toEqual([]);
    const ranks = list.map((l) => rankOf(l, '리포머'));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // Within a rank, the list's order (newest first) as before.
    for (const [i, l] of list.entries())
      if (i > 0 && ranks[i] === ranks[i - 1]) expect(l.regdate <= list[i - 1]!.regdate).toBe(true);
  });

  it('a tag match comes before a match through the teacher alone', async () => {
    // A lecture holding 재활 only as a tag, and a title match; a teacher 정재활 holds it as a name.
    const { list } = await search('재활');
    const ranks = list.map((l) => rankOf(l, '재활'));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(ranks[0]).toBe(SEARCH_FIELD_RANK.title);
    expect(ranks).toContain(SEARCH_FIELD_RANK.tags);
  });

  it('a sort the member chose keeps its order (the ranking is the search page’s own order)', async () => {
    const { list } = await search('리포머', { sortType: 'recent' });
    const dates = list.map((l) => l.regdate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(list.length).toBe(9);
  });
});

describe('Korean members’ ways of typing', () => {
  it('초성 ㄹㅍㅁ finds what 리포머 finds, in the same order', async () => {
    const [byWord, byInitials] = await Promise.all([search('리포머'), search('ㄹㅍㅁ')]);
    expect(byInitials.totalCount).toBe(9);
    expect(titles(byInitials.list)).toEqual(titles(byWord.list));
  });

  it('매트필라테스 finds 매트 필라테스, and 매트 필라테스 finds the same', async () => {
    for (const word of ['매트필라테스', '매트 필라테스', ' 매트  필라테스 ']) {
      const { list, totalCount } = await search(word);
      expect(totalCount, word).toBe(2);
      expect(titles(list).sort(), word).toEqual(['매트 필라테스 중급 시퀀스', '처음 만나는 매트 필라테스']);
    }
  });

  it('a short 초성 word and a mixed one are found too', async () => {
    expect(titles((await search('ㅁㅌ')).list)).toEqual(
      expect.arrayContaining(['처음 만나는 매트 필라테스', '10분 아침 매트 루틴']),
    );
    expect((await search('ㄹㅍㅁ 기초')).totalCount).toBe(0); // 초성 and letters are matched as separate forms
    expect(titles((await search('ㄹㅍㅁㄱㅊ')).list)).toEqual(['리포머 기초 완성']);
  });

  it('a class’s new title and summary are found by their 초성 and without spaces at once', async () => {
    await sql`update lectures set title = '코어 스프링 보드', subtitle = '폼롤러 마무리 루틴' where contentsid = 101`.execute(
      server.db,
    );
    expect(titles((await search('ㅅㅍㄹㅂㄷ')).list)).toEqual(['코어 스프링 보드']);
    expect(titles((await search('폼롤러마무리')).list)).toEqual(['코어 스프링 보드']);
    expect((await search('처음 만나는')).totalCount).toBe(0);
  });
});
