import { account, accountCache } from './account';
import { adminAudit, adminAuditCache } from './admin-audit';
import { adminMail, adminMailCache } from './admin-mail';
import { adminCertificates, adminCertificatesCache } from './admin-certificates';
import { adminPoints, adminPointsCache } from './admin-points';
import { adminCoupons, adminCouponsCache } from './admin-coupons';
import { adminInbox, adminInboxCache } from './admin-inbox';
import { adminBanners, adminBannersCache } from './admin-banners';
import { adminBoard, adminBoardCache } from './admin-board';
import { adminCatalog, adminCatalogCache } from './admin-catalog';
import { adminCatalogCertificate, adminCatalogCertificateCache } from './admin-catalog-certificate';
import { adminCatalogHandouts, adminCatalogHandoutsCache } from './admin-catalog-handouts';
import { adminCatalogThumbnail, adminCatalogThumbnailCache } from './admin-catalog-thumbnail';
import { adminMedia, adminMediaCache } from './admin-media';
import { adminMembers, adminMembersCache } from './admin-members';
import { adminOrders, adminOrdersCache } from './admin-orders';
import { adminSales, adminSalesCache } from './admin-sales';
import { adminStaff, adminStaffCache } from './admin-staff';
import { board, boardCache } from './board';
import { cart, cartCache } from './cart';
import { catalog, catalogCache } from './catalog';
import { classroom, classroomCache } from './classroom';
import { classroomBookmark, classroomBookmarkCache } from './classroom-bookmark';
import { files, filesCache } from './files';
import { local, localCache } from './local';
import { payment, paymentCache } from './payment';
import { paymentRefund, paymentRefundCache } from './payment-refund';
import { paymentPortOne, paymentPortOneCache } from './payment-portone';
import { player, playerCache } from './player';
import { points, pointsCache } from './points';
import { progress, progressCache } from './progress';
import { progressNotes, progressNotesCache } from './progress-notes';
import { quiz, quizCache } from './quiz';
import { quizCertificate, quizCertificateCache } from './quiz-certificate';
import { ratings, ratingsCache } from './ratings';
import { stats, statsCache } from './stats';
import { untyped, type Handlers, type OperationId } from '../openapi/typed';
import { CacheTags, type CacheDecl } from '../openapi/cacheTags';

/**
 * Each yaml tag's handlers (`local`: the /local/* stand-ins); a tag's file holds exactly that tag's operations.
 * A topic file of a tag (`cart-checkout.ts`) joins its tag here: `cart: { ...cart, ...cartCheckout }`. The console's tags
 * are `admin-<area>`, each in its own file (`admin-catalog.ts`), its topics joined as above (`admin-catalog-certificate.ts`).
 */
export const byTag = {
  catalog,
  board,
  files,
  progress: { ...progress, ...progressNotes },
  classroom: { ...classroom, ...classroomBookmark },
  player,
  cart,
  payment: { ...payment, ...paymentRefund, ...paymentPortOne },
  points,
  quiz: { ...quiz, ...quizCertificate },
  ratings,
  account,
  stats,
  local,
  'admin-staff': adminStaff,
  'admin-audit': adminAudit,
  'admin-mail': adminMail,
  'admin-certificates': adminCertificates,
  'admin-points': adminPoints,
  'admin-coupons': adminCoupons,
  'admin-catalog': { ...adminCatalog, ...adminCatalogCertificate, ...adminCatalogThumbnail, ...adminCatalogHandouts },
  'admin-board': adminBoard,
  'admin-media': adminMedia,
  'admin-members': adminMembers,
  'admin-orders': adminOrders,
  'admin-sales': adminSales,
  'admin-banners': adminBanners,
  'admin-inbox': adminInbox,
};

/** Every yaml operationId → its handler: an operation without one fails `npx tsc --noEmit` here. */
const all = {
  ...byTag.catalog,
  ...byTag.board,
  ...byTag.files,
  ...byTag.progress,
  ...byTag.classroom,
  ...byTag.player,
  ...byTag.cart,
  ...byTag.payment,
  ...byTag.points,
  ...byTag.quiz,
  ...byTag.ratings,
  ...byTag.account,
  ...byTag.stats,
  ...byTag.local,
  ...byTag['admin-staff'],
  ...byTag['admin-audit'],
  ...byTag['admin-mail'],
  ...byTag['admin-certificates'],
  ...byTag['admin-points'],
  ...byTag['admin-coupons'],
  ...byTag['admin-catalog'],
  ...byTag['admin-board'],
  ...byTag['admin-media'],
  ...byTag['admin-members'],
  ...byTag['admin-orders'],
  ...byTag['admin-sales'],
  ...byTag['admin-banners'],
  ...byTag['admin-inbox'],
} satisfies Handlers;

export const handlers = untyped(all);

/** What every operation reads or writes, as each tag's file declares it beside its SQL: one per operation. */
export const cacheTags = new CacheTags({
  ...catalogCache,
  ...boardCache,
  ...filesCache,
  ...progressCache,
  ...progressNotesCache,
  ...classroomCache,
  ...classroomBookmarkCache,
  ...playerCache,
  ...cartCache,
  ...paymentCache,
  ...paymentRefundCache,
  ...paymentPortOneCache,
  ...pointsCache,
  ...quizCache,
  ...quizCertificateCache,
  ...ratingsCache,
  ...accountCache,
  ...statsCache,
  ...localCache,
  ...adminStaffCache,
  ...adminAuditCache,
  ...adminMailCache,
  ...adminCertificatesCache,
  ...adminPointsCache,
  ...adminCouponsCache,
  ...adminCatalogCache,
  ...adminCatalogCertificateCache,
  ...adminCatalogThumbnailCache,
  ...adminCatalogHandoutsCache,
  ...adminBoardCache,
  ...adminMediaCache,
  ...adminMembersCache,
  ...adminOrdersCache,
  ...adminSalesCache,
  ...adminBannersCache,
  ...adminInboxCache,
} satisfies Record<OperationId, CacheDecl>);
