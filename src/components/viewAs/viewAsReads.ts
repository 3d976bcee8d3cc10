import type { Middleware } from 'openapi-fetch';

/**
 * The member reads openapi/storefront.yaml marks `x-view-as`, as the app's client names them (`METHOD schemaPath`):
 * in a member view these, and only these, carry the grant (viewAsReads.test.ts compares the list with the yaml). Any
 * other call goes out as the staff member alone: the staff member's own session check works as always, and a write a
 * screen let through names the member with a token that is not theirs, which the server refuses as it would anyone's.
 */
export const VIEW_AS_READS: ReadonlySet<string> = new Set([
  'GET /api/Note/GetList/{contentsid}/{useruid}',
  'GET /api/Contents/GetOnlineDetail/{contentsid}/{useruid}',
  'POST /api/Video/GetSectionVideo/{sectionid}/{useruid}',
  'GET /api/Contents/GetContentsPdfList/{contentsid}',
  'GET /api/Contents/GetVideo/{contentsid}/{useruid}',
  'GET /api/Contents/GetVideoSourceUrl/{id}',
  'POST /api/QnA/GetList/{contentsid}/{useruid}',
  'POST /api/Online/GetCompleteList/{onlineid}/{useruid}',
  'GET /api/Contents/GetMyClassInfo/{useruid}',
  'GET /api/Contents/GetLastWatchTime/{useruid}',
  'GET /api/Evaluate/GetTest/{contentsid}/{useruid}/{isscoreid}',
  'GET /api/Evaluate/IsRetakeQuiz/{quizid}/{useruid}',
  'POST /api/Evaluate/ExistsPassScoreid/',
  'POST /api/Rating/GetRatings/',
]);

/** The app client's middleware of a member view: the grant beside the staff member's token, on those reads only. */
export function grantOnMemberReads(grant: string): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      if (VIEW_AS_READS.has(`${request.method} ${schemaPath}`)) request.headers.set('X-View-As', grant);
      return request;
    },
  };
}
