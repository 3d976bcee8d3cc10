import { Hono, type Context } from 'hono';
import type { Db } from '../db/database';
import { REMINDERS_OFF_PATH, remindersOffMember, setReminders } from '../domain/mailReminders';
import { BUSINESS } from '../../rules/business';

/**
 * A reminder's 수신 거부 link (issue 40), for a member who is not signed in: a page of the server's own, not of the
 * app, so it works from any mail client without the app's code. Opening it changes nothing (mail scanners open every
 * link); the button posts the form. RFC 8058's one-click POST from the mail client (`List-Unsubscribe=One-Click`) is
 * the same POST. The link is signed for this purpose and member only, and expires (server/domain/mailReminders.ts).
 */

const CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";
const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ESC[c]!);

const page = (c: Context, status: 200 | 400, heading: string, body: string) =>
  c.body(
    `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(heading)} - ${esc(BUSINESS.company)}</title>
<style>body{margin:0;font-family:system-ui,'Noto Sans KR',sans-serif;background:#f4f4f2;color:#222}
main{max-width:480px;margin:48px auto;padding:24px;background:#fff;border-radius:8px;line-height:1.6}
h1{font-size:20px;margin:0 0 12px}button{font:inherit;font-weight:600;padding:12px 20px;border:0;border-radius:6px;background:#2f6f5e;color:#fff;cursor:pointer}
a{color:#2f6f5e}</style></head><body><main><p style="color:#2f6f5e;font-weight:700;margin:0 0 16px">${esc(BUSINESS.company)} 온라인클래스</p>
<h1>${esc(heading)}</h1>${body}<p style="margin-top:24px;font-size:14px"><a href="/main">홈으로</a></p></main></body></html>`,
    status,
    { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': CSP, 'referrer-policy': 'no-referrer' },
  );

const REFUSED = '링크가 올바르지 않거나 유효기간이 지났습니다. 로그인 후 회원정보 수정에서 수신 설정을 바꿀 수 있습니다.';

export function remindersOffRoutes(db: Db): Hono {
  const app = new Hono();
  const query = (c: Context) => ({ u: c.req.query('u'), expires: c.req.query('expires'), signature: c.req.query('signature') });
  app.get(REMINDERS_OFF_PATH, (c) => {
    if (!remindersOffMember(query(c))) return page(c, 400, '수신 거부 링크를 확인할 수 없습니다', `<p>${REFUSED}</p>`);
    const action = `${REMINDERS_OFF_PATH}?${new URL(c.req.url).searchParams.toString()}`;
    return page(
      c,
      200,
      '수강 기간 종료 안내 메일 수신 거부',
      `<p>수강 기간이 끝나기 전에 보내 드리는 안내 메일을 더 이상 받지 않으시겠어요? 주문·환불 안내는 거래에 꼭 필요한 안내라 계속 보내 드립니다.</p>
<form method="post" action="${esc(action)}"><button type="submit">수신 거부</button></form>`,
    );
  });
  app.post(REMINDERS_OFF_PATH, async (c) => {
    const useruid = remindersOffMember(query(c));
    if (!useruid || !(await setReminders(db, useruid, false))) return page(c, 400, '수신 거부 링크를 확인할 수 없습니다', `<p>${REFUSED}</p>`);
    console.info(`[mail] reminders switched off by the link of ${useruid}`);
    return page(c, 200, '수신 거부되었습니다', '<p>수강 기간 종료 안내 메일을 더 이상 보내 드리지 않습니다. 회원정보 수정에서 언제든 다시 받을 수 있습니다.</p>');
  });
  return app;
}
