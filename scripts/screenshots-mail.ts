/**
 * Screenshots of the store's mails (issue 40) into docs/mail/ (JPEG): every template of server/mail/templates.ts
 * rendered with realistic facts at 600 px (the column Korean webmail shows) and 390 px (a phone), then, from the real
 * server and app, 회원정보's 메일 수신 설정 and the console's 메일 발송 at 390 and 1280 px, and the demo's mailbox at /_mail.
 * Each shot says when its page is wider than the window (text or a table that would scroll sideways).
 * Usage: npx tsx scripts/screenshots-mail.ts [--mails-only]   (builds the app unless E2E_NO_BUILD=1 or --mails-only)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { buildApp, launchBrowser, newPage, ROOT, signInLocal, startApp } from '../e2e/support';
import { renderMail, type MailContext } from '../server/mail/templates';
import { queueMail, type MailKind } from '../server/domain/mailOutbox';
import { remindersOffLink } from '../server/domain/mailReminders';
import type {
  AccessEndingFacts,
  CertificateIssuedFacts,
  PaymentConfirmedFacts,
  QnaAnsweredFacts,
  RefundFinishedFacts,
  SuggestRepliedFacts,
} from '../server/domain/mailEvents';
import { startMailCatcher } from '../server/local/mailCatcher';
import { kst } from '../server/lib/time';

const OUT = join(ROOT, 'docs', 'mail');
const STORE = 'https://class.pilates-rehab.example';
const MEMBER = { useruid: 'u-demo-1', name: '김필라' };

/** A two-lecture card order with the 10 % coupon and 3,000 points (prices and periods as the store sells them). */
const order: PaymentConfirmedFacts = {
  paymentid: 1024,
  title: '허리디스크 운동 가이드: 요추 안정화와 통증 완화 8주 과정 외 1건',
  priceTotal: 154_000,
  couponDiscount: 15_400,
  pointUsed: 3_000,
  amount: 135_600,
  payMethod: 'card',
  paidAt: '2026-11-28 14:05:11',
  receiptUrl: 'https://receipt.portone.example/receipts/2026112814051124',
  lectures: [
    { contentsid: 121, title: '허리디스크 운동 가이드: 요추 안정화와 통증 완화 8주 과정', price: 89_000, periodDays: 180, endAt: '2027-05-27 14:05:11' },
    { contentsid: 124, title: '거북목 교정 운동', price: 65_000, periodDays: 90, endAt: '2027-02-26 14:05:11' },
  ],
};
/** One lecture of that order refunded: its share of the charge and of the points, the points earned on it taken back. */
const partialRefund: RefundFinishedFacts = {
  paymentid: 1024,
  refundid: 88,
  title: order.title,
  amount: 57_234,
  whole: false,
  payMethod: 'card',
  pointsRestored: 1_266,
  pointsTakenBack: 286,
  lectures: ['거북목 교정 운동'],
  doneAt: '2026-11-30 10:12:40',
};
const reminder: AccessEndingFacts = { contentsid: 121, title: order.lectures[0]!.title, endAt: '2027-05-27 14:05:11' };
const certificate: CertificateIssuedFacts = {
  certificateno: 'KPRA-7QX2M9KD4T',
  contentsid: 121,
  title: order.lectures[0]!.title,
  issuedAt: '2027-01-15 20:31:02',
};

/** A question answered in the console (issue 39), and a 1:1 suggestion closed with a reply. */
const answered: QnaAnsweredFacts = {
  qnaid: 312,
  contentsid: 121,
  classTitle: order.lectures[0]!.title,
  questionTitle: '브릿지 동작에서 허리 아래쪽이 뻐근해요',
  answeredAt: '2026-12-02 09:41:27',
};
const replied: SuggestRepliedFacts = { suggestid: 58, title: '입원으로 수강 기간 연장을 요청합니다', repliedAt: '2026-12-02 11:03:55' };

const MAILS: { name: string; kind: MailKind; facts: object }[] = [
  { name: 'order', kind: 'payment-confirmed', facts: order },
  { name: 'refund-partial', kind: 'refund-finished', facts: partialRefund },
  { name: 'reminder', kind: 'access-ending', facts: reminder },
  { name: 'certificate', kind: 'certificate-issued', facts: certificate },
  { name: 'qna-answered', kind: 'qna-answered', facts: answered },
  { name: 'suggest-replied', kind: 'suggest-replied', facts: replied },
];

const shot = (page: Page, name: string) => page.screenshot({ path: join(OUT, `${name}.jpg`), type: 'jpeg', quality: 70, fullPage: true });

/** How far the page is wider than its window (0 when nothing scrolls sideways). */
const overflow = (page: Page) => page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));

async function shootMails(browser: Browser) {
  for (const width of [600, 390]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ko-KR' });
    const page = await context.newPage();
    for (const m of MAILS) {
      const c: MailContext = {
        storeUrl: STORE,
        name: MEMBER.name,
        ...(m.kind === 'access-ending' ? { remindersOffUrl: remindersOffLink(STORE, MEMBER.useruid) } : {}),
      };
      const mail = renderMail(m.kind, m.facts, c);
      if (!mail) throw new Error(`no template for ${m.kind}`);
      await page.setContent(mail.html, { waitUntil: 'load' });
      const wide = await overflow(page);
      await shot(page, `${m.name}-${width}`);
      console.log(`[mail] ${m.name}-${width}.jpg  ${mail.subject}${wide ? `  WIDER THAN THE WINDOW BY ${wide}px` : ''}`);
    }
    await context.close();
  }
}

/**
 * The outbox as a working store has it: every mail above sent to the demo member through the real mail job and
 * SMTP stand-in, a certificate refused (an address in `.invalid`, as a mistyped domain is), a reminder skipped (its
 * member switched reminders off) and one waiting for the mail server to answer again.
 */
async function fillOutbox(server: Awaited<ReturnType<typeof startApp>>) {
  const db = server.db;
  for (const [i, m] of MAILS.entries()) await queueMail(db, { kind: m.kind, key: `shots-${i}`, useruid: MEMBER.useruid, data: m.facts });
  await sql`update members set email = 'saebom.lee@navr.invalid' where useruid = 'u-demo-2'`.execute(db);
  await sql`update members set mail_reminders = false where useruid = 'u-demo-3'`.execute(db);
  await queueMail(db, { kind: 'certificate-issued', key: 'shots-refused', useruid: 'u-demo-2', data: { ...certificate, certificateno: 'KPRA-3B8WNC1R6V' } });
  await queueMail(db, { kind: 'access-ending', key: 'shots-skipped', useruid: 'u-demo-3', data: { ...reminder, contentsid: 124, title: '거북목 교정 운동' } });
  await server.mail!.sweep();
  for (let tries = 0; ; tries++) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from mail_outbox where state = 'pending'`.execute(db);
    if (rows[0]!.n === 0) break;
    if (tries > 200) throw new Error('the outbox did not settle');
    await new Promise((r) => setTimeout(r, 100));
  }
  // Waiting: tried once while the mail server was down, handed to the queue again a moment ago.
  const now = kst();
  await sql`insert into mail_outbox (event_key, kind, useruid, data, state, attempts, error, queued_at, created_at, updated_at)
    values ('refund-finished:shots-waiting', 'refund-finished', ${MEMBER.useruid}, ${JSON.stringify({ ...partialRefund, refundid: 89 })}, 'pending', 1,
      'connect ECONNREFUSED 10.0.4.12:587', ${now}, ${now}, ${now})`.execute(db);
}

/** Scrolls so that the element's top sits `top` px below the window's (under the store's sticky header). */
const scrollToTop = (page: Page, selector: string, top: number) =>
  page.locator(selector).evaluate((el, y) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - y), top);

async function shootApp(browser: Browser, server: Awaited<ReturnType<typeof startApp>>) {
  const url = server.url;
  for (const width of [390, 1280]) {
    const viewport = { width, height: width < 600 ? 844 : 900 };
    // Each width starts from the default: reminders on.
    await sql`update members set mail_reminders = true where useruid = ${MEMBER.useruid}`.execute(server.db);
    const member = await newPage(browser, url, viewport);
    await signInLocal(member.page, 'member@demo.kr');
    await member.page.goto('/myprofile');
    const section = member.page.locator('.mail-settings');
    await section.getByRole('switch').waitFor();
    // The phone: the window as the member sees it at the section (a full page would draw the fixed bars over it).
    if (width < 600) await scrollToTop(member.page, '.mail-settings', 140);
    await member.page.waitForTimeout(300);
    await member.page.screenshot({ path: join(OUT, `profile-${width}.jpg`), type: 'jpeg', quality: 70, fullPage: width >= 600 });
    await section.getByRole('switch').click();
    await section.getByText('저장되었습니다.', { exact: false }).waitFor();
    await scrollToTop(member.page, '.mail-settings', 140);
    await member.page.waitForTimeout(300);
    await section.screenshot({ path: join(OUT, `profile-saved-${width}.jpg`), type: 'jpeg', quality: 70 });
    console.log(`[mail] profile-${width}.jpg${(await overflow(member.page)) ? '  WIDER THAN THE WINDOW' : ''}`);
    await member.context.close();

    const owner = await newPage(browser, url, viewport);
    await signInLocal(owner.page, 'owner@demo.kr');
    await owner.page.goto('/admin/mails');
    await owner.page.getByTestId('admin-mail-table').waitFor();
    await owner.page.waitForTimeout(400);
    await shot(owner.page, `console-${width}`);
    console.log(`[mail] console-${width}.jpg${(await overflow(owner.page)) ? '  WIDER THAN THE WINDOW' : ''}`);
    if (width < 600) {
      await owner.page.locator('tr[data-state="failed"]').getByRole('button', { name: '다시 보내기' }).click();
      await owner.page.locator('.swal2-popup').waitFor();
      await owner.page.waitForTimeout(400);
      await owner.page.screenshot({ path: join(OUT, `console-resend-${width}.jpg`), type: 'jpeg', quality: 70 });
      await owner.page.locator('.swal2-cancel').click();
    }
    await owner.context.close();
  }
  const viewer = await newPage(browser, url, { width: 1280, height: 900 });
  await viewer.page.goto('/_mail');
  await shot(viewer.page, 'demo-mailbox-1280');
  await viewer.context.close();
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await launchBrowser();
  try {
    await shootMails(browser);
    if (process.argv.includes('--mails-only')) return;
    buildApp();
    const catcher = await startMailCatcher();
    const server = await startApp({ jobs: true, mail: { smtpUrl: catcher.url, catcher, storeUrl: STORE } });
    try {
      await fillOutbox(server);
      await shootApp(browser, server);
    } finally {
      await server.close();
      await catcher.stop();
    }
  } finally {
    await browser.close();
  }
}

await main();
