/**
 * Type tests, checked by `tsc --noEmit` (never run): the generated contract makes a wrong call a
 * compile error. Each `@ts-expect-error` fails the type-check if the line below it ever compiles.
 */
import { api } from './client';

export async function wrongCallsAreTypeErrors() {
  // A path that is not in the contract.
  // @ts-expect-error: '/api/Contents/GetOnlineLecture/' (no s) is not an operation
  await api.POST('/api/Contents/GetOnlineLecture/', { body: { page: 1, pageSize: 12 } });

  // A missing path parameter.
  // @ts-expect-error: useruid is required in the path
  await api.GET('/api/Contents/GetOnlineDetail/{contentsid}/{useruid}', { params: { path: { contentsid: 101 } } });

  // A body of the wrong shape.
  // @ts-expect-error: CheckUserAccount takes { email }, not { mail }
  await api.POST('/api/CheckUserAccount/', { body: { mail: 'member@demo.kr' } });

  // The wrong method for a path.
  // @ts-expect-error: the cart is GET only
  await api.POST('/api/Cart/{type}/{itemtype}/{useruid}/{contentsid}', {
    params: { path: { type: 'add', itemtype: 'lecture', useruid: 'u-demo-1', contentsid: 101 } },
  });

  // A query parameter outside its enum (isnotice is 1 or -1).
  // @ts-expect-error: isnotice 0 is not allowed
  await api.POST('/api/Main/GetNotices', { params: { query: { isnotice: 0, istop3: false, isonlybranch: true } }, body: { page: 1, pageSize: 10 } });

  // And the right calls compile, with typed results.
  const detail = await api.GET('/api/Contents/GetOnlineDetail/{contentsid}/{useruid}', {
    params: { path: { contentsid: 101, useruid: 'u-demo-1' } },
  });
  const title: string | undefined = detail.data?.datas.title;
  return title;
}
