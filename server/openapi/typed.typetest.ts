/**
 * Type tests, checked by `tsc --noEmit` (never run): a handler that drifts from the yaml is a compile
 * error. Each `@ts-expect-error` fails the type-check if the line below it ever compiles.
 */
import { ok, type Handlers } from './typed';

const stats = { membercnt: 1, lecturecnt: 2, studentcnt: 3, reviewcnt: 4, teachercnt: 5, ratingavg: 4.5 };

export const driftIsATypeError = {
  // @ts-expect-error: an operationId the yaml does not have
  getStatistics: () => ok(stats),

  getStats: () =>
    ok({
      ...stats,
      // @ts-expect-error: a field the Stats record does not have
      members: 1,
    }),

  getNoticeInfo({ params, body }) {
    // @ts-expect-error: the path names `id`, not `noticeid`
    void params.noticeid;
    // @ts-expect-error: GetInfo takes no body
    void body.title;
    // @ts-expect-error: datas is a Notice, not null
    return ok(null);
  },

  getCurriculumSections: ({ params }) => {
    const contentsid: number = params.contentsid;
    // @ts-expect-error: a section list, not one section
    return ok({ sectionid: 1, contentsid, title: '', sortorder: 1, videocount: 0, totalduration: 0 });
  },
} satisfies Partial<Handlers>;

// @ts-expect-error: outside a typed handler `ok` accepts nothing (its datas type is `never`)
export const untypedReply = () => ok({ any: 'thing' });
