import { lazy, Suspense, type ComponentType } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { idParam } from '../../../lib/routeParams';
import { adminLink, adminScreenOf, type AdminScreenName } from './adminPaths';
import { useAdminTitle } from './useAdminTitle';

/** Each screen is its own chunk, as each route was: /admin loads the frame and the home screen only. */
const screen = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const AdminHome = screen(() => import('./AdminHome'), 'AdminHome');
const ClassListPage = screen(() => import('../catalog/ClassListPage'), 'ClassListPage');
const NewClassPage = screen(() => import('../catalog/ClassEditPage'), 'NewClassPage');
const ClassEditPage = lazy(() => import('../catalog/ClassEditPage').then((m) => ({ default: m.ClassEditPage })));
const CategoriesPage = screen(() => import('../catalog/CategoriesPage'), 'CategoriesPage');
const BannersPage = screen(() => import('../banners/BannersPage'), 'BannersPage');
const NoticesPage = screen(() => import('../board/NoticesPage'), 'NoticesPage');
const FaqsPage = screen(() => import('../board/FaqsPage'), 'FaqsPage');
const StaffPage = screen(() => import('../staff/StaffPage'), 'StaffPage');
const AuditPage = screen(() => import('../audit/AuditPage'), 'AuditPage');
const ViewAsPage = screen(() => import('../members/ViewAsPage'), 'ViewAsPage');
const MailsPage = screen(() => import('../mail/MailsPage'), 'MailsPage');
const QuestionsPage = screen(() => import('../inbox/QuestionsPage'), 'QuestionsPage');
const SuggestsPage = screen(() => import('../inbox/SuggestsPage'), 'SuggestsPage');
const OrdersPage = screen(() => import('../orders/OrdersPage'), 'OrdersPage');
const SalesPage = screen(() => import('../sales/SalesPage'), 'SalesPage');
const CertificatesPage = screen(() => import('../certificates/CertificatesPage'), 'CertificatesPage');
const PointsPage = screen(() => import('../points/PointsPage'), 'PointsPage');
const MembersPage = screen(() => import('../members/MembersPage'), 'MembersPage');
const PersonalDataAccessPage = screen(() => import('../members/PersonalDataAccessPage'), 'PersonalDataAccessPage');
const CouponsPage = screen(() => import('../coupons/CouponsPage'), 'CouponsPage');

const SCREENS: Record<Exclude<AdminScreenName, 'class'>, ComponentType> = {
  home: AdminHome,
  classes: ClassListPage,
  newClass: NewClassPage,
  categories: CategoriesPage,
  banners: BannersPage,
  notices: NoticesPage,
  faqs: FaqsPage,
  staff: StaffPage,
  audit: AuditPage,
  viewAs: ViewAsPage,
  mails: MailsPage,
  questions: QuestionsPage,
  suggests: SuggestsPage,
  orders: OrdersPage,
  sales: SalesPage,
  certificates: CertificatesPage,
  points: PointsPage,
  members: MembersPage,
  privacyAccess: PersonalDataAccessPage,
  coupons: CouponsPage,
  notFound: AdminNotFound,
};

/**
 * The console screen of the address (below /admin, the splat of `/admin/$`), inside the console's frame. Read from the
 * location, as the frame reads it, not with useParams: one name fewer exported by the store's framework chunk.
 */
export function AdminScreen() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { screen: name, contentsid } = adminScreenOf(pathname.replace(/^\/admin(?=\/|$)/i, ''));
  let page;
  if (name === 'class') {
    const id = idParam(contentsid ?? '');
    page = <ClassEditPage key={id} contentsid={id} />;
  } else {
    const Screen = SCREENS[name];
    page = <Screen />;
  }
  return <Suspense fallback={<PageSkeleton lines={6} />}>{page}</Suspense>;
}

/** An address below /admin that is no console screen: said inside the console, with the way home. */
function AdminNotFound() {
  useAdminTitle('없는 페이지');
  return (
    <section className="admin-refusal" role="alert" data-testid="admin-not-found">
      <h1 className="admin-refusal__title">없는 페이지입니다.</h1>
      <p className="admin-muted">주소를 확인하거나 콘솔 홈에서 다시 찾아 주세요.</p>
      <Link {...adminLink('')} className="btn btn--sm">
        콘솔 홈으로
      </Link>
    </section>
  );
}
