import { createLazyFileRoute } from '@tanstack/react-router';
import { ClassEditPage } from '../../features/admin/catalog/ClassEditPage';
import { idParam } from '../../lib/routeParams';

export const Route = createLazyFileRoute('/admin/classes/$contentsid')({
  component: AdminClassRoute,
});

function AdminClassRoute() {
  const contentsid = idParam(Route.useParams().contentsid);
  return <ClassEditPage key={contentsid} contentsid={contentsid} />;
}
