/** A page request as the yaml's PageRequest has it (1-based), with its SQL offset. */
export function page(body: { page?: number; pageSize?: number } | undefined) {
  const p = body?.page ?? 1;
  const size = body?.pageSize ?? 10;
  return { page: p, pageSize: size, offset: (p - 1) * size };
}

export const pageOf = <T>(list: T[], totalCount: number, p: { page: number; pageSize: number }) => ({
  list,
  totalCount,
  page: p.page,
  pageSize: p.pageSize,
});

/**
 * The total of a page read with `count(*) over ()`: carried by its rows, or, for a page past the last one (no
 * rows, so no window), asked of `count`.
 */
export async function totalOf(rows: { total: number }[], p: { offset: number }, count: () => Promise<number>): Promise<number> {
  if (rows[0]) return rows[0].total;
  return p.offset > 0 ? count() : 0;
}
