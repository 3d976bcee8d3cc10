import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, DEMO_MEMBER, DEMO_TOKEN, otherMemberIsRefused } from './pact';
import { deleteNote, fetchNotes, saveNote, updateNote } from '../../src/api/queries/progress-notes';
import { setAccessTokenSource } from '../../src/api/client';

/**
 * Timestamped notes (issue 26, tag `progress`): the player's 메모 tab and the class progress page. Attacker cases:
 * another member's useruid (403), another member's note id (404, its existence not revealed), a class the member
 * does not own (403).
 */
const { regex, string } = MatchersV3;
const pact = storefrontApiPact();
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const me = DEMO_MEMBER.useruid;
const NOTE_ID = '3f2b8c1e-5d4a-4e7b-9c1d-2a6f8e0b7c31';
const OTHERS_NOTE_ID = '9a1c3e5f-7b2d-4f6a-8c0e-1d3f5a7b9c2e';
const dated = string('2024-05-01T10:00:00+09:00');
const noteOf101 = { useruid: me, contentsid: 101, videoid: 10111, noteid: NOTE_ID, second: 192, text: '골반 중립 다시 보기' };
const storedNote = (text: string) => ({
  noteid: NOTE_ID,
  contentsid: 101,
  videoid: 10111,
  videotitle: string('강의 소개'),
  second: 192,
  text,
  regdate: dated,
  updatedate: dated,
});

beforeAll(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('note calls (storefront-web → storefront-api)', () => {
  it("GetList: the member's notes of a class", () =>
    pact
      .addInteraction()
      .given('member has exactly one note of lecture', noteOf101)
      .uponReceiving('the notes of lecture 101 of member u-demo-1')
      .withRequest('GET', '/api/Note/GetList/101/u-demo-1', (b) => b.headers(headers))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope([storedNote('골반 중립 다시 보기')])))
      .executeTest(async (server) => {
        const notes = await fetchNotes(101, me, clientFor(server.url));
        expect(notes.map((n) => [n.videoid, n.second, n.text])).toEqual([[10111, 192, '골반 중립 다시 보기']]);
      }));

  it("GetList with another member's useruid is 403", () =>
    otherMemberIsRefused(pact, {
      description: 'a notes request of member u-demo-1 naming member u-demo-2',
      method: 'GET',
      path: '/api/Note/GetList/101/u-demo-2',
      call: (client) => fetchNotes(101, 'u-demo-2', client),
    }));

  it('Save: a note at the playing second, under the id the client made', () =>
    pact
      .addInteraction()
      .given('member owns lecture and has no notes of it', { useruid: me, contentsid: 101 })
      .uponReceiving('a new note of member u-demo-1 at second 192.4 of video 10111')
      .withRequest('POST', '/api/Note/Save/', (b) =>
        b.headers(headers).jsonBody({ useruid: me, noteid: NOTE_ID, contentsid: 101, videoid: 10111, second: 192.4, text: '골반 중립 다시 보기' }),
      )
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(storedNote('골반 중립 다시 보기'))))
      .executeTest(async (server) => {
        const note = await saveNote(
          me,
          { noteid: NOTE_ID, contentsid: 101, videoid: 10111, second: 192.4, text: '골반 중립 다시 보기' },
          clientFor(server.url),
        );
        expect(note).toMatchObject({ noteid: NOTE_ID, second: 192 });
      }));

  it('Save on a class the member does not own is 403 with the reason', () =>
    pact
      .addInteraction()
      .given('member does not own lecture', { useruid: me, contentsid: 104 })
      .uponReceiving('a note of member u-demo-1 on lecture 104, which they do not own')
      .withRequest('POST', '/api/Note/Save/', (b) =>
        b.headers(headers).jsonBody({ useruid: me, noteid: NOTE_ID, contentsid: 104, videoid: 10411, second: 10, text: '메모' }),
      )
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string('수강 중인 클래스에만 메모를 남길 수 있습니다.') }))
      .executeTest(async (server) => {
        await expect(
          saveNote(me, { noteid: NOTE_ID, contentsid: 104, videoid: 10411, second: 10, text: '메모' }, clientFor(server.url)),
        ).rejects.toMatchObject({ name: 'ApiError', status: 403, message: '수강 중인 클래스에만 메모를 남길 수 있습니다.' });
      }));

  it("Update: a new text for the member's note", () =>
    pact
      .addInteraction()
      .given('member has exactly one note of lecture', noteOf101)
      .uponReceiving('a new text for note 3f2b8c1e of member u-demo-1')
      .withRequest('POST', '/api/Note/Update/', (b) => b.headers(headers).jsonBody({ useruid: me, noteid: NOTE_ID, text: '호흡과 함께' }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(storedNote('호흡과 함께'))))
      .executeTest(async (server) => {
        expect((await updateNote(me, NOTE_ID, '호흡과 함께', clientFor(server.url))).text).toBe('호흡과 함께');
      }));

  it("Delete: the member's note", () =>
    pact
      .addInteraction()
      .given('member has exactly one note of lecture', noteOf101)
      .uponReceiving('a delete of note 3f2b8c1e of member u-demo-1')
      .withRequest('POST', '/api/Note/Delete/', (b) => b.headers(headers).jsonBody({ useruid: me, noteid: NOTE_ID }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ noteid: NOTE_ID })))
      .executeTest(async (server) => {
        expect(await deleteNote(me, NOTE_ID, clientFor(server.url))).toEqual({ noteid: NOTE_ID });
      }));

  it("Update: another member's note is 404 (its existence is not revealed)", () =>
    pact
      .addInteraction()
      .given('member has exactly one note of lecture', { ...noteOf101, useruid: 'u-demo-2', noteid: OTHERS_NOTE_ID })
      .uponReceiving('a new text for note 9a1c3e5f of member u-demo-2 by member u-demo-1')
      .withRequest('POST', '/api/Note/Update/', (b) =>
        b.headers(headers).jsonBody({ useruid: me, noteid: OTHERS_NOTE_ID, text: '바꿔 보기' }),
      )
      .willRespondWith(404, (b) => b.jsonBody({ success: false, respMessage: string('메모를 찾을 수 없습니다.') }))
      .executeTest(async (server) => {
        await expect(updateNote(me, OTHERS_NOTE_ID, '바꿔 보기', clientFor(server.url))).rejects.toMatchObject({
          name: 'ApiError',
          status: 404,
          message: '메모를 찾을 수 없습니다.',
        });
      }));
});
