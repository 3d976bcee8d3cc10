import { Hono } from 'hono';
import type { MailCatcher } from './mailCatcher';

/**
 * The demo's mailbox at /_mail (local mode only): every mail the SMTP stand-in caught, newest first, each shown as
 * the member's mail client would show it (its HTML in a sandboxed frame that runs nothing, beside its plain text).
 * `/_mail/messages.json` is the same list for tests and scripts.
 */

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ESC[c]!);

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; img-src 'self' data:";
/** The mail itself: its own inline styles and pictures, no script, no form, framed only by the mailbox. */
const MAIL_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-ancestors 'self'; sandbox allow-popups allow-popups-to-escape-sandbox";

const page = (title: string, body: string) => `<!doctype html><html lang="ko"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,'Noto Sans KR',sans-serif;margin:0;padding:16px;background:#f6f6f4;color:#222}
h1{font-size:20px}table{border-collapse:collapse;width:100%;background:#fff}td,th{padding:8px;border-bottom:1px solid #eee;text-align:left;font-size:14px;vertical-align:top}
a{color:#2f6f5e}iframe{width:100%;max-width:640px;height:900px;border:1px solid #ddd;background:#fff}pre{white-space:pre-wrap;background:#fff;padding:12px;border:1px solid #ddd;max-width:640px;font-size:13px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;font-size:14px}dt{font-weight:600}dd{margin:0;word-break:break-all}</style></head><body>${body}</body></html>`;

export function mailViewer(catcher: MailCatcher): Hono {
  const app = new Hono();
  const html = (body: string, status: 200 | 404 = 200) =>
    new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': PAGE_CSP } });
  app.get('/_mail/messages.json', (c) => c.json(catcher.mails(), 200, { 'cache-control': 'no-store' }));
  app.get('/_mail', () => {
    const rows = catcher
      .mails()
      .reverse()
      .map((m) => `<tr><td>${m.n}</td><td>${esc(new Date(m.receivedAt).toLocaleString('ko-KR', { timeZone: 'Asia/Seoul' }))}</td><td>${esc(m.to)}</td><td><a href="/_mail/${m.n}">${esc(m.subject)}</a></td></tr>`)
      .join('');
    return html(
      page(
        '보낸 메일함 (데모)',
        `<h1>보낸 메일함 (데모)</h1><p>데모 서버가 보낸 메일입니다. 실제로 발송되지 않고 이곳에만 보관됩니다 (서버를 다시 시작하면 비워집니다).</p>
<table><thead><tr><th>#</th><th>받은 시각</th><th>받는 사람</th><th>제목</th></tr></thead><tbody>${rows || '<tr><td colspan="4">아직 보낸 메일이 없습니다.</td></tr>'}</tbody></table>`,
      ),
    );
  });
  const find = (n: string) => catcher.mails().find((m) => String(m.n) === n);
  app.get('/_mail/:n/html', (c) => {
    const m = find(c.req.param('n'));
    if (!m) return c.text('없는 메일입니다.', 404);
    return new Response(m.html || `<pre>${esc(m.text)}</pre>`, {
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': MAIL_CSP, 'x-frame-options': 'SAMEORIGIN' },
    });
  });
  app.get('/_mail/:n', (c) => {
    const m = find(c.req.param('n'));
    if (!m) return html(page('없는 메일', '<p>없는 메일입니다. <a href="/_mail">목록으로</a></p>'), 404);
    return html(
      page(
        m.subject,
        `<p><a href="/_mail">← 목록으로</a></p><h1>${esc(m.subject)}</h1>
<dl><dt>보낸 사람</dt><dd>${esc(m.from)}</dd><dt>받는 사람</dt><dd>${esc(m.to)}</dd><dt>Message-ID</dt><dd>${esc(m.messageId)}</dd></dl>
<h2>HTML</h2><iframe title="메일 본문" sandbox="allow-popups allow-popups-to-escape-sandbox" src="/_mail/${m.n}/html"></iframe><h2>텍스트</h2><pre>${esc(m.text)}</pre>`,
      ),
    );
  });
  return app;
}
