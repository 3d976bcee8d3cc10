import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, asStaff, CATALOGUE, DEMO_TEACHER, DEMO_TOKEN } from './pact';
import { adminCategory, adminClass, adminClassSummary, adminLecture, adminSection } from './fixtures';
import {
  CLASS_PAGE_SIZE,
  createAdminClass,
  createAdminLecture,
  createAdminSection,
  deleteAdminSection,
  fetchAdminCategories,
  fetchAdminClass,
  fetchAdminClasses,
  removeAdminLecture,
  renameAdminSection,
  reorderAdminCurriculum,
  setAdminClassState,
  updateAdminClass,
  updateAdminLecture,
  type AdminClassInput,
} from '../../src/api/queries/admin-catalog';
import { setAccessTokenSource } from '../../src/api/client';

/**
 * Calls of the yaml's `admin-catalog` tag (the console, issue 38): categories, classes and their curricula. The
 * verifier acts as DEMO_MEMBER (u-demo-1), whose role is each interaction's state. The writes work on a draft class
 * the state sets up at fixed ids (class 9001, section 90011 holding lectures 900111 and 900112), so every run finds
 * the same class whatever the run before changed; it sits in the store nowhere.
 */
const { atLeastLike, eachLike, integer, like, regex, string } = MatchersV3;
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const pact = storefrontApiPact();

const CLASS = 9001;
const SECTION = 90011;
const EMPTY_SECTION = 90012;
const [FIRST, SECOND] = [900111, 900112];
/** The draft class, taught by `teacher` (the demo instructor's name unless another is named). */
const draftClass = (teacher = DEMO_TEACHER): [string, { contentsid: number; sectionid: number; videoids: number[]; teacher: string }] => [
  'a draft class with a section of two lectures',
  { contentsid: CLASS, sectionid: SECTION, videoids: [FIRST, SECOND], teacher },
];
const emptySection = ['the draft class has an empty section', { contentsid: CLASS, sectionid: EMPTY_SECTION }] as const;

const NOT_THEIR_CLASS = '담당하는 클래스만 관리할 수 있습니다.';
const SECTION_NOT_EMPTY = '강의가 있는 섹션은 삭제할 수 없습니다. 강의를 먼저 옮기거나 삭제해주세요.';
const CURRICULUM_CHANGED = '커리큘럼이 그 사이 바뀌었습니다. 새로고침 후 다시 시도해주세요.';

/** A class as the console edits it: the given fields exact, the rest by type; sections may be empty, and so may their lectures. */
function classBody(fixed: Record<string, unknown> = {}) {
  const { sections: _sections, ...fields } = adminClass;
  return {
    ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, k === 'tags' ? atLeastLike('코어', 0, 1) : like(v)])),
    sections: atLeastLike({ ...adminSection, lectures: atLeastLike(adminLecture, 0, 1) }, 0, 1),
    ...fixed,
  };
}

const input: AdminClassInput = {
  title: '소도구 필라테스: 링과 볼',
  subtitle: '소도구로 익히는 코어 안정화',
  description: '<p>링과 볼을 쓰는 과정입니다.</p>',
  categoryid: 111,
  teacher: DEMO_TEACHER,
  price: 99000,
  saleprice: 79000,
  perioddays: 90,
  level: '입문',
  tags: ['코어', '소도구'],
};

const refused = (status: number, message: string) => ({ name: 'ApiError', status, message });

beforeAll(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('console catalogue calls (storefront-web → storefront-api)', () => {
  it('ListAdminCategories: every category, for the tree', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(CATALOGUE)
      .uponReceiving('a console category list request by member u-demo-1, an operator')
      .withRequest('GET', '/api/Admin/Categories', (b) => b.headers(headers))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(eachLike(adminCategory))))
      .executeTest(async (server) => {
        const categories = await fetchAdminCategories(clientFor(server.url));
        expect(categories[0]?.name).toBe(adminCategory.name);
      }));

  it('ListAdminClasses: a search among drafts, one page', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .uponReceiving('a console class search for 계약 확인용 among drafts by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Classes/List', (b) =>
        b.headers(headers).jsonBody({ q: '계약 확인용', state: 'draft', sort: 'recent', limit: CLASS_PAGE_SIZE, after: null }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            list: eachLike({ ...adminClassSummary, contentsid: CLASS, title: '계약 확인용 초안 클래스', state: 'draft', publishat: null }),
            nextAfter: null,
          }),
        ),
      )
      .executeTest(async (server) => {
        const page = await fetchAdminClasses({ q: '계약 확인용', state: 'draft', sort: 'recent' }, null, clientFor(server.url));
        expect(page.list[0]?.state).toBe('draft');
        expect(page.nextAfter).toBeNull();
      }));

  it('GetAdminClass: one class with its curriculum', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .uponReceiving('a console request for draft class 9001 by member u-demo-1, an operator')
      .withRequest('GET', `/api/Admin/Classes/${CLASS}`, (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope(
            classBody({
              contentsid: CLASS,
              state: 'draft',
              publishat: null,
              sections: eachLike({ ...adminSection, sectionid: integer(SECTION), lectures: eachLike(adminLecture) }),
            }),
          ),
        ),
      )
      .executeTest(async (server) => {
        const c = await fetchAdminClass(CLASS, clientFor(server.url));
        expect(c.sections[0]?.lectures[0]?.videoid).toBe(FIRST);
      }));

  it('GetAdminClass: an instructor on a class another teacher teaches is 403', () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .given(...draftClass('최밸런스 강사'))
      .uponReceiving('a console request for class 9001 of another teacher by member u-demo-1, an instructor')
      .withRequest('GET', `/api/Admin/Classes/${CLASS}`, (b) => b.headers(headers))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(NOT_THEIR_CLASS) }))
      .executeTest(async (server) => {
        await expect(fetchAdminClass(CLASS, clientFor(server.url))).rejects.toMatchObject(refused(403, NOT_THEIR_CLASS));
      }));

  it('GetAdminClass: a class that does not exist is 404', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given('no class has the id', { contentsid: 99999 })
      .uponReceiving('a console request for class 99999, which does not exist, by member u-demo-1, an operator')
      .withRequest('GET', '/api/Admin/Classes/99999', (b) => b.headers(headers))
      .willRespondWith(404, (b) => b.jsonBody({ success: false, respMessage: string('요청하신 클래스를 찾을 수 없습니다.') }))
      .executeTest(async (server) => {
        await expect(fetchAdminClass(99999, clientFor(server.url))).rejects.toMatchObject({ name: 'ApiError', status: 404 });
      }));

  it('CreateAdminClass: a new class, 초안', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(CATALOGUE)
      .uponReceiving('a new class by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Classes', (b) => b.headers(headers).jsonBody(input))
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope(classBody({ title: input.title, teacher: input.teacher, state: 'draft', publishat: null, enrolled: 0 }))),
      )
      .executeTest(async (server) => {
        const c = await createAdminClass(input, clientFor(server.url));
        expect(c.state).toBe('draft');
      }));

  it('UpdateAdminClass: changes the fields of a class', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .uponReceiving('a change of draft class 9001 by member u-demo-1, an operator')
      .withRequest('PUT', `/api/Admin/Classes/${CLASS}`, (b) => b.headers(headers).jsonBody({ ...input, title: '계약 확인용 초안 클래스 (개정)' }))
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope(classBody({ contentsid: CLASS, title: '계약 확인용 초안 클래스 (개정)', price: 99000, saleprice: 79000 }))),
      )
      .executeTest(async (server) => {
        const c = await updateAdminClass(CLASS, { ...input, title: '계약 확인용 초안 클래스 (개정)' }, clientFor(server.url));
        expect(c.title).toBe('계약 확인용 초안 클래스 (개정)');
      }));

  it('SetAdminClassState: 게시 at a later KST time is 예약', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .uponReceiving('a scheduled publication of draft class 9001 by member u-demo-1, an operator')
      .withRequest('POST', `/api/Admin/Classes/${CLASS}/State`, (b) =>
        b.headers(headers).jsonBody({ state: 'published', publishat: '2099-01-01T10:00:00+09:00' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope(classBody({ contentsid: CLASS, state: 'scheduled', publishat: like('2099-01-01T10:00:00+09:00') }))),
      )
      .executeTest(async (server) => {
        const c = await setAdminClassState(CLASS, { state: 'published', publishat: '2099-01-01T10:00:00+09:00' }, clientFor(server.url));
        expect(c.state).toBe('scheduled');
      }));

  it('CreateAdminSection: a section at the end of the curriculum', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .uponReceiving('a new section of draft class 9001 by member u-demo-1, an operator')
      .withRequest('POST', `/api/Admin/Classes/${CLASS}/Sections`, (b) => b.headers(headers).jsonBody({ title: '2주차: 코어' }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(classBody({ contentsid: CLASS }))))
      .executeTest(async (server) => {
        const c = await createAdminSection(CLASS, '2주차: 코어', clientFor(server.url));
        expect(c.contentsid).toBe(CLASS);
      }));

  it('UpdateAdminSection: renames a section', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .uponReceiving('a rename of section 90011 by member u-demo-1, an operator')
      .withRequest('PUT', `/api/Admin/Sections/${SECTION}`, (b) => b.headers(headers).jsonBody({ title: '1주차: 호흡과 정렬' }))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope(
            classBody({
              contentsid: CLASS,
              sections: eachLike({ ...adminSection, sectionid: SECTION, title: '1주차: 호흡과 정렬', lectures: eachLike(adminLecture) }),
            }),
          ),
        ),
      )
      .executeTest(async (server) => {
        const c = await renameAdminSection(SECTION, '1주차: 호흡과 정렬', clientFor(server.url));
        expect(c.sections[0]?.title).toBe('1주차: 호흡과 정렬');
      }));

  it('DeleteAdminSection: removes an empty section', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .given(...emptySection)
      .uponReceiving('a removal of empty section 90012 by member u-demo-1, an operator')
      .withRequest('DELETE', `/api/Admin/Sections/${EMPTY_SECTION}`, (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope(classBody({ contentsid: CLASS, sections: eachLike({ ...adminSection, sectionid: SECTION, lectures: eachLike(adminLecture) }) })),
        ),
      )
      .executeTest(async (server) => {
        const c = await deleteAdminSection(EMPTY_SECTION, clientFor(server.url));
        expect(c.sections.map((s) => s.sectionid)).toEqual([SECTION]);
      }));

  it('DeleteAdminSection: a section that holds a lecture is 409', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .uponReceiving('a removal of section 90011, which holds lectures, by member u-demo-1, an operator')
      .withRequest('DELETE', `/api/Admin/Sections/${SECTION}`, (b) => b.headers(headers))
      .willRespondWith(409, (b) => b.jsonBody({ success: false, respMessage: string(SECTION_NOT_EMPTY) }))
      .executeTest(async (server) => {
        await expect(deleteAdminSection(SECTION, clientFor(server.url))).rejects.toMatchObject(refused(409, SECTION_NOT_EMPTY));
      }));

  it('ReorderAdminCurriculum: puts the lectures in a new order', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .uponReceiving('a new order of draft class 9001 (lecture 900112 first) by member u-demo-1, an operator')
      .withRequest('PUT', `/api/Admin/Classes/${CLASS}/Curriculum`, (b) =>
        b.headers(headers).jsonBody({ sections: [{ sectionid: SECTION, videoids: [SECOND, FIRST] }] }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope(
            classBody({
              contentsid: CLASS,
              sections: [
                {
                  ...adminSection,
                  sectionid: SECTION,
                  sort: integer(1),
                  title: like(adminSection.title),
                  lectures: [
                    { ...lectureBody(), videoid: SECOND },
                    { ...lectureBody(), videoid: FIRST },
                  ],
                },
              ],
            }),
          ),
        ),
      )
      .executeTest(async (server) => {
        const c = await reorderAdminCurriculum(CLASS, { sections: [{ sectionid: SECTION, videoids: [SECOND, FIRST] }] }, clientFor(server.url));
        expect(c.sections[0]?.lectures.map((l) => l.videoid)).toEqual([SECOND, FIRST]);
      }));

  it('ReorderAdminCurriculum: an order missing a lecture is 409', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .uponReceiving('an order of draft class 9001 without lecture 900112 by member u-demo-1, an operator')
      .withRequest('PUT', `/api/Admin/Classes/${CLASS}/Curriculum`, (b) =>
        b.headers(headers).jsonBody({ sections: [{ sectionid: SECTION, videoids: [FIRST] }] }),
      )
      .willRespondWith(409, (b) => b.jsonBody({ success: false, respMessage: string(CURRICULUM_CHANGED) }))
      .executeTest(async (server) => {
        await expect(
          reorderAdminCurriculum(CLASS, { sections: [{ sectionid: SECTION, videoids: [FIRST] }] }, clientFor(server.url)),
        ).rejects.toMatchObject(refused(409, CURRICULUM_CHANGED));
      }));

  it('CreateAdminLecture: a lecture at the end of a section, without a video yet', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .uponReceiving('a new lecture in section 90011 by member u-demo-1, an operator')
      .withRequest('POST', `/api/Admin/Sections/${SECTION}/Lectures`, (b) => b.headers(headers).jsonBody({ title: '골반 정렬', ispreview: false }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(classBody({ contentsid: CLASS }))))
      .executeTest(async (server) => {
        const c = await createAdminLecture(SECTION, { title: '골반 정렬', ispreview: false }, clientFor(server.url));
        expect(c.contentsid).toBe(CLASS);
      }));

  it('UpdateAdminLecture: the instructor of the class marks a lecture 미리보기', () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .given(...draftClass())
      .uponReceiving('a 미리보기 mark on lecture 900111 by member u-demo-1, the instructor of its class')
      .withRequest('PUT', `/api/Admin/Lectures/${FIRST}`, (b) => b.headers(headers).jsonBody({ title: '호흡 익히기', ispreview: true }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(classBody({ contentsid: CLASS, teacher: DEMO_TEACHER }))))
      .executeTest(async (server) => {
        const c = await updateAdminLecture(FIRST, { title: '호흡 익히기', ispreview: true }, clientFor(server.url));
        expect(c.teacher).toBe(DEMO_TEACHER);
      }));

  it('RemoveAdminLecture: a lecture no member has watched is deleted', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .uponReceiving('a removal of unwatched lecture 900112 by member u-demo-1, an operator')
      .withRequest('DELETE', `/api/Admin/Lectures/${SECOND}`, (b) => b.headers(headers))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ videoid: SECOND, outcome: 'deleted', class: classBody({ contentsid: CLASS }) })))
      .executeTest(async (server) => {
        const r = await removeAdminLecture(SECOND, clientFor(server.url));
        expect(r.outcome).toBe('deleted');
      }));

  it('RemoveAdminLecture: a lecture a member has watched is hidden, the member’s records kept', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .given('a member has watched the lecture', { useruid: 'u-demo-2', contentsid: CLASS, videoid: SECOND })
      .uponReceiving('a removal of lecture 900112, watched by member u-demo-2, by member u-demo-1, an operator')
      .withRequest('DELETE', `/api/Admin/Lectures/${SECOND}`, (b) => b.headers(headers))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ videoid: SECOND, outcome: 'hidden', class: classBody({ contentsid: CLASS }) })))
      .executeTest(async (server) => {
        const r = await removeAdminLecture(SECOND, clientFor(server.url));
        expect(r.outcome).toBe('hidden');
      }));
});

/** A lecture's fields by type. */
function lectureBody(): Record<string, unknown> {
  return Object.fromEntries(Object.entries(adminLecture).map(([k, v]) => [k, like(v)]));
}
