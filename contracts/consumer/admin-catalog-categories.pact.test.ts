import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, asStaff, CATALOGUE, CONSOLE_REFUSALS, DEMO_TOKEN } from './pact';
import { adminCategory } from './fixtures';
import {
  createAdminCategory,
  deleteAdminCategory,
  moveAdminCategory,
  renameAdminCategory,
  reorderAdminCategories,
} from '../../src/api/queries/admin-catalog-categories';
import { setAccessTokenSource } from '../../src/api/client';

/**
 * The category tree's writes of the `admin-catalog` tag (the console, issue 38), owner and operators. Each answers the
 * whole tree. The verifier acts as DEMO_MEMBER (u-demo-1), whose role is each interaction's state; the categories a
 * write changes are set up by their state at fixed ids under 필라테스 (1): 9101 with its children 9102 and 9103, 9104
 * empty, so every run finds the same tree whatever the run before changed.
 */
const { eachLike, regex, string } = MatchersV3;
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const pact = storefrontApiPact();
const OPERATOR = asStaff('operator');

const CATEGORY_EXISTS = 'a category exists';
const NO_SUCH_NAME = 'no category has the name';
const [BRANCH, FIRST_CHILD, SECOND_CHILD, EMPTY] = [9101, 9102, 9103, 9104];
const branch: [string, { categoryid: number; parentid: number; name: string; children: number[] }] = [
  CATEGORY_EXISTS,
  { categoryid: BRANCH, parentid: 1, name: '계약 확인용 분류', children: [FIRST_CHILD, SECOND_CHILD] },
];
const INTO_ITSELF = '카테고리를 자기 자신이나 그 하위 카테고리 아래로 옮길 수 없습니다.';
/** The server counts the classes; the demo's 입문 (111) has some. */
const HAS_CLASSES = /^이 카테고리에 클래스 \d+개가 있어 삭제할 수 없습니다\. 클래스를 다른 카테고리로 옮긴 뒤 삭제해주세요\.$/;

/** The whole tree in the answer, each category by type. */
const tree = () => eachLike(adminCategory);
const refused = (status: number, message: string) => ({ name: 'ApiError', status, message });

beforeAll(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('console category tree calls (storefront-web → storefront-api)', () => {
  it('CreateAdminCategory: a category under a parent, last among its siblings', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given(...branch)
      .given(NO_SUCH_NAME, { parentid: BRANCH, name: '소도구' })
      .uponReceiving('a new category 소도구 under category 9101 by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Categories', (b) => b.headers(headers).jsonBody({ parentid: BRANCH, name: '소도구', engname: 'Props' }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(tree())))
      .executeTest(async (server) => {
        const answer = await createAdminCategory({ parentid: BRANCH, name: '소도구', engname: 'Props' }, clientFor(server.url));
        expect(answer.length).toBeGreaterThan(0);
      }));

  it('CreateAdminCategory: an instructor is refused', () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .given(CATALOGUE)
      .uponReceiving('a new top category by member u-demo-1, an instructor')
      .withRequest('POST', '/api/Admin/Categories', (b) => b.headers(headers).jsonBody({ parentid: 0, name: '강사 분류', engname: '' }))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(CONSOLE_REFUSALS.wrongRole) }))
      .executeTest(async (server) => {
        await expect(createAdminCategory({ parentid: 0, name: '강사 분류', engname: '' }, clientFor(server.url))).rejects.toMatchObject(refused(403, CONSOLE_REFUSALS.wrongRole));
      }));

  it('UpdateAdminCategory: renames a category', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given(...branch)
      .uponReceiving('a rename of category 9101 by member u-demo-1, an operator')
      .withRequest('PUT', `/api/Admin/Categories/${BRANCH}`, (b) => b.headers(headers).jsonBody({ name: '계약 확인용 분류 (수정)', engname: 'Contract' }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(tree())))
      .executeTest(async (server) => {
        const answer = await renameAdminCategory(BRANCH, { name: '계약 확인용 분류 (수정)', engname: 'Contract' }, clientFor(server.url));
        expect(answer.length).toBeGreaterThan(0);
      }));

  it('ReorderAdminCategories: one parent’s children in a new order', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given(...branch)
      .uponReceiving('a new order of the children of category 9101 by member u-demo-1, an operator')
      .withRequest('PUT', '/api/Admin/Categories/Order', (b) => b.headers(headers).jsonBody({ parentid: BRANCH, categoryids: [SECOND_CHILD, FIRST_CHILD] }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(tree())))
      .executeTest(async (server) => {
        const answer = await reorderAdminCategories({ parentid: BRANCH, categoryids: [SECOND_CHILD, FIRST_CHILD] }, clientFor(server.url));
        expect(answer.length).toBeGreaterThan(0);
      }));

  it('MoveAdminCategory: a branch under another parent', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given(...branch)
      .uponReceiving('a move of category 9101 with its children under 재활 (2) by member u-demo-1, an operator')
      .withRequest('PUT', `/api/Admin/Categories/${BRANCH}/Parent`, (b) => b.headers(headers).jsonBody({ parentid: 2 }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(tree())))
      .executeTest(async (server) => {
        const answer = await moveAdminCategory(BRANCH, 2, clientFor(server.url));
        expect(answer.length).toBeGreaterThan(0);
      }));

  it('MoveAdminCategory: under its own child is 400', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given(...branch)
      .uponReceiving('a move of category 9101 under its own child 9102 by member u-demo-1, an operator')
      .withRequest('PUT', `/api/Admin/Categories/${BRANCH}/Parent`, (b) => b.headers(headers).jsonBody({ parentid: FIRST_CHILD }))
      .willRespondWith(400, (b) => b.jsonBody({ success: false, respMessage: INTO_ITSELF }))
      .executeTest(async (server) => {
        await expect(moveAdminCategory(BRANCH, FIRST_CHILD, clientFor(server.url))).rejects.toMatchObject(refused(400, INTO_ITSELF));
      }));

  it('DeleteAdminCategory: an empty category', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given(CATEGORY_EXISTS, { categoryid: EMPTY, parentid: 1, name: '계약 확인용 빈 분류', children: [] })
      .uponReceiving('a deletion of the empty category 9104 by member u-demo-1, an operator')
      .withRequest('DELETE', `/api/Admin/Categories/${EMPTY}`, (b) => b.headers(headers))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(tree())))
      .executeTest(async (server) => {
        const answer = await deleteAdminCategory(EMPTY, clientFor(server.url));
        expect(answer.some((c) => c.categoryid === EMPTY)).toBe(false);
      }));

  it('DeleteAdminCategory: one holding classes is 409, saying how many', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given(CATALOGUE)
      .uponReceiving('a deletion of category 111, which holds classes, by member u-demo-1, an operator')
      .withRequest('DELETE', '/api/Admin/Categories/111', (b) => b.headers(headers))
      .willRespondWith(409, (b) =>
        b.jsonBody({ success: false, respMessage: regex(HAS_CLASSES, '이 카테고리에 클래스 3개가 있어 삭제할 수 없습니다. 클래스를 다른 카테고리로 옮긴 뒤 삭제해주세요.') }),
      )
      .executeTest(async (server) => {
        await expect(deleteAdminCategory(111, clientFor(server.url))).rejects.toMatchObject({ status: 409 });
      }));
});
