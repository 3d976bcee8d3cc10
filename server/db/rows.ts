import type { components } from '../../src/api/schema.gen';

type Schemas = components['schemas'];

/**
 * Rows as the handlers read them (`sql<Row>`), one interface per table of `migrations.ts`. Times are KST
 * text (`YYYY-MM-DD HH:MM:SS`); int4 columns come back as numbers from both PGlite and pg.
 */

export interface CategoryRow {
  categoryid: number;
  pcategoryid: number;
  ctgrname: string;
  ctgrengname: string;
  depth: number;
  sort: number;
  isactive: number;
}

export interface LectureTableRow {
  contentsid: number;
  categoryid: number;
  title: string;
  subtitle: string;
  description: string;
  teacher: string;
  price: number;
  saleprice: number;
  thumbnail: string;
  level: string;
  period_days: number;
  publisher: string;
  is_ebook: boolean;
  popularity: number;
  main_type: string;
  created_at: string;
}

export interface SectionRow {
  sectionid: number;
  contentsid: number;
  title: string;
  sort: number;
}

export interface VideoRow {
  videoid: number;
  sectionid: number;
  contentsid: number;
  title: string;
  duration_sec: number;
  path: string;
  sort: number;
  is_preview: boolean;
}

export interface PdfRow {
  pdfid: number;
  contentsid: number;
  filename: string;
  original_filename: string;
  pages: number;
  /** A file uploaded in the console (migration 032): its title, size and type; null for a demo handout. */
  title: string | null;
  size: number | null;
  content_type: string | null;
  created_at: string | null;
  uploaded_by: string | null;
}

export interface BranchRow {
  branchid: number;
  region: string;
  name: string;
  address: string;
  phone: string;
  hours: string;
}

export interface StatsRow {
  statid: number;
  members: number;
  lectures: number;
  teachers: number;
  certificates: number;
  satisfaction: number;
}

export interface NoticeRow {
  noticeid: number;
  isnotice: Schemas['Notice']['isnotice'];
  title: string;
  content: string;
  istop: boolean;
  viewcnt: number;
  writer: string;
  attachment: string | null;
  created_at: string;
}

export interface FaqRow {
  faqid: number;
  category: string;
  question: string;
  answer: string;
  sort: number;
}

export interface SuggestRow {
  suggestid: number;
  useruid: string;
  suggesttype: string;
  title: string;
  content: string;
  answer: string | null;
  created_at: string;
  answered_at: string | null;
  is_secret: boolean;
  /** 접수 / 답변완료, set by staff (migration 039). */
  status: 'waiting' | 'answered';
}

export interface MemberRow {
  useruid: string;
  userid: string;
  email: string;
  name: string;
  phone: string | null;
  birth: string | null;
  sns_type: Schemas['User']['snstype'];
  marketing: boolean;
  created_at: string;
  left_at: string | null;
}

export interface CartRow {
  useruid: string;
  contentsid: number;
  itemtype: string;
  optionvalue: string;
  created_at: string;
}

export interface PaymentRow {
  paymentid: number;
  useruid: string;
  title: string;
  /** Lecture ids, sorted and comma-joined: one open order per member and lecture set. */
  contentsids: string;
  /** What the card is charged. */
  amount: number;
  price_total: number;
  coupon_discount: number;
  point_used: number;
  couponnumber: string | null;
  status: Schemas['PaymentStatus'];
  pay_method: Schemas['PayMethod'];
  /** How the provider says it was paid (migration 040), null until it did; `free` orders keep null here. */
  paid_method: 'card' | 'kakaopay' | 'naverpay' | 'tosspay' | null;
  /** The card's 할부 months as the provider recorded them; 0 for 일시불 or not a card. */
  installment_month: number;
  provider_txid: string | null;
  created_at: string;
  paid_at: string | null;
  cancelled_at: string | null;
  idempotency_key: string | null;
  expires_at: string | null;
  /** The id the provider knows this order's payment by (migration 018; server/domain/paymentSync.ts). */
  provider_payment_id: string;
  /** Set while the provider could not be asked: the order may be charged, so it does not expire. */
  confirming_at: string | null;
  /** Why the store owes a cancel at the provider, until it succeeded. */
  refund_due: string | null;
  /** Why the store refused the provider's charge (server/domain/paymentSync.ts); kept after the charge is cancelled. */
  refused_reason: string | null;
  /** The provider's receipt page (PortOne); null for the demo's test card, whose receipt is the printed order. */
  receipt_url: string | null;
  /** What the provider reports cancelled of this payment (its own cancels and the store's). */
  provider_cancelled_amount: number;
  /** Won refunded to the member so far (migration 019; server/domain/refunds.ts). */
  refunded_amount: number;
}

/** One refund of an order (migration 019): `pending` while the provider is asked, then `done`. */
export interface RefundRow {
  refundid: number;
  paymentid: number;
  useruid: string;
  status: 'pending' | 'done';
  /** `store`: issued from the console (issue 39), by the amount the operator chose. */
  basis: 'withdrawal' | 'unused' | 'store';
  amount: number;
  points_restored: number;
  points_taken_back: number;
  points_shortfall: number;
  coupon_restored: boolean;
  /** Lecture ids the refund ended, comma-joined. */
  contentsids: string;
  /** Parts of each ended class it paid back, `101:3,102:1` (migration 048); null: whole classes. */
  parts: string | null;
  reason: string;
  provider_status: string | null;
  idempotency_key: string | null;
  created_at: string;
  done_at: string | null;
  /** The order is wholly refunded once this refund is done (the quote's `whole`). */
  whole: boolean;
  /** What the store believed cancellable at the provider when it claimed (null for claims before migration 026). */
  cancellable_before: number | null;
  /** When the claim's request ended without knowing whether the provider cancelled (unreachable, answer lost). */
  unsettled_at: string | null;
  /** The staff member who issued it from the console (migration 040); null: the member's own refund. */
  issued_by: string | null;
}

export interface EnrollmentRow {
  useruid: string;
  contentsid: number;
  paymentid: number | null;
  start_at: string;
  end_at: string;
  first_play_at: string | null;
  downloaded_at: string | null;
  completed_at: string | null;
}

export interface PointRow {
  pointid: number;
  useruid: string;
  amount: number;
  reason: string;
  created_at: string;
  paymentid: number | null;
  kind: string | null;
  staff_useruid: string | null;
  idempotency_key: string | null;
}

export interface CouponRow {
  couponnumber: string;
  title: string;
  discount_amount: number;
  discount_rate: number;
  min_amount: number;
  expires_at: string;
  /** Single-use codes: who used it. Once-per-member coupons record their uses in coupon_uses instead. */
  used_by: string | null;
  used_at: string | null;
  /** Once per member (a welcome coupon) rather than once in the store (migration 020). */
  per_member: boolean;
  /** Issued to this member only; null for codes handed out to anyone. */
  owner: string | null;
  /** The console's campaign that issued it (migration 046); null for the seeded codes. */
  campaignid: number | null;
  /** A percent coupon's cap in won; null for none. */
  max_discount: number | null;
  /** Not usable before this KST time; null for usable at once. */
  valid_from: string | null;
}

/** A coupon campaign of the console (migration 046): its terms, scope and stop. */
export interface CouponCampaignRow {
  campaignid: number;
  name: string;
  kind: 'codes' | 'members';
  discount_amount: number;
  discount_rate: number;
  max_discount: number | null;
  min_amount: number;
  valid_from: string;
  valid_until: string;
  /** The classes it applies to; with categoryids both empty, every class. */
  contentsids: number[];
  /** The categories it applies to (their sub-categories included). */
  categoryids: number[];
  created_by: string;
  created_at: string;
  idempotency_key: string | null;
  stopped_at: string | null;
  stopped_by: string | null;
}

/** The local card provider's ledger (PortOne keeps this on its side in production). */
export interface LocalPaymentRow {
  txid: string;
  merchant_uid: string;
  amount: number;
  status: Schemas['LocalPayStatus'];
  created_at: string;
  consumed_at: string | null;
  /** Refunded so far (migration 018); the whole amount once `cancelled`. */
  cancelled_amount: number;
  /** What the member chose on the payment page (migration 022); 0 months = 일시불. */
  method: NonNullable<Schemas['LocalPayTransaction']['method']>;
  installment_month: number;
}

export interface ProgressRow {
  useruid: string;
  contentsid: number;
  videoid: number;
  /** Seconds covered: the length of watched_spans (issue 23). */
  watched_sec: number;
  last_position: number;
  completed: boolean;
  updated_at: string;
  /** JSON of rules/watchCoverage Span[]. */
  watched_spans: string;
  /** JSON of rules/watchCoverage Anchor, null before the first report. */
  watch_anchor: string | null;
  /** Order of writes: the tie-break of updated_at, which is to the second. */
  write_seq: string;
}

export interface PlayTabRow {
  useruid: string;
  tabid: string;
  contentsid: number;
  videoid: number;
  updated_at: string;
}

export interface QuizRow {
  quizid: number;
  contentsid: number;
  title: string;
  pass_score: number;
  time_limit_min: number;
  /** Progress (percent) a member needs before sitting the quiz. */
  required_progress: number;
  /** Set when a change in the console replaced this version (migration 032); its questions and results stay. */
  retired_at: string | null;
}

export interface QuizQuestionRow {
  questionid: number;
  quizid: number;
  question: string;
  /** JSON array of the choices' text. */
  options: string;
  answer: number;
  score: number;
  sort: number;
}

export interface QuizResultRow {
  isscoreid: number;
  quizid: number;
  useruid: string;
  contentsid: number;
  score: number;
  passed: boolean;
  /** JSON: `[{questionid, choice}]`, or the seed's older positional `[choice, …]`. */
  answers: string;
  created_at: string;
  /** The member's one open attempt (SaveQuizDraft), resumed through GetTest. */
  is_draft: boolean;
  started_at: string | null;
}

export interface CertificateRow {
  certificateno: string;
  useruid: string;
  contentsid: number;
  issued_at: string;
  revoked_at: string | null;
  revoke_reason: string | null;
  revoked_by: string | null;
}

export interface RatingRow {
  ratingid: number;
  contentsid: number;
  useruid: string;
  username: string;
  ratescore: number;
  content: string;
  created_at: string;
}

export interface QnaRow {
  qnaid: number;
  contentsid: number;
  useruid: string;
  username: string;
  title: string;
  content: string;
  is_private: boolean;
  answer: string | null;
  created_at: string;
  answered_at: string | null;
  /** The staff member who wrote or last changed the answer (migration 039). */
  answered_by: string | null;
}

export interface UploadRow {
  fileid: number;
  filename: string;
  original_filename: string;
  size: number;
  content_type: string;
  created_at: string;
  uploaded_by: string | null;
}

/** A member's timestamped note (migration 023_notes): `noteid` is the client's, unique per member. */
export interface NoteRow {
  useruid: string;
  noteid: string;
  contentsid: number;
  videoid: number;
  second: number;
  body: string;
  created_at: string;
  updated_at: string;
}

/** A `count(*)::int as n`. */
export interface CountRow {
  n: number;
}
