import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { EmptyPage } from '../../components/page/EmptyPage';

const TITLE = '통합검색';

/** `/search?schtext=` (spec §2, route name search). */
export const searchSearchSchema = z.object({ schtext: z._default(z.string(), '') });

export const Route = createFileRoute('/_a/search')({
  staticData: { title: TITLE },
  validateSearch: searchSearchSchema,
  component: SearchPage,
});

function SearchPage() {
  const { schtext } = Route.useSearch();
  const message = schtext ? `'${schtext}' 검색 결과가 없습니다.` : '검색어를 입력해주세요.';
  return <EmptyPage title={TITLE} message={message} headingLevel={1} />;
}
