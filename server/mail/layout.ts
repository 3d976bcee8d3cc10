import { BUSINESS } from '../../rules/business';

/**
 * The frame every mail of the store shares: one 600 px column (the width Korean webmail — Naver, Daum, Gmail —
 * shows without a scroll bar) that narrows to the phone's width, styles inline (webmail strips <style> in part), and
 * the business details 전자상거래법 10조 asks a seller to show. Text that came from a member or a staff member is
 * always escaped; nothing of a mail is ever read as markup.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A header line's text: no line breaks (a name or title with CR/LF must not start a header of its own). */
export const oneLine = (text: string): string => text.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();

export { won } from '../lib/won';

/**
 * Text kept on one line (escaped here): a phone number, an address or a date, which a narrow screen would otherwise
 * break at a hyphen or a space ('help@pilates-' / 'rehab.example', '2027년 5월' / '27일'). Only short tokens: a whole
 * sentence kept on one line would overflow a phone.
 */
export const nobr = (text: string): string => `<span style="white-space:nowrap;">${escapeHtml(text)}</span>`;

/** Stored KST text 'YYYY-MM-DD HH:MM:SS' → '2026년 11월 28일 14:05'. */
export function kstText(stored: string, withTime = true): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?/.exec(stored);
  if (!m) return stored;
  const date = `${m[1]}년 ${Number(m[2])}월 ${Number(m[3])}일`;
  return withTime && m[4] ? `${date} ${m[4]}:${m[5]}` : date;
}

/** A table of facts: label and value, both already escaped or built from escaped parts. */
export function factsTable(rows: [label: string, valueHtml: string][]): string {
  // The label column is as narrow as '사업자등록번호' allows: at 390 px the values keep two thirds of the line.
  const cells = rows
    .map(
      ([label, value]) => `<tr>
        <th class="facts-label" align="left" valign="top" style="padding:8px 10px 8px 0;width:104px;font-weight:600;color:#555;font-size:14px;border-bottom:1px solid #eee;word-break:keep-all;">${escapeHtml(label)}</th>
        <td valign="top" style="padding:8px 0;font-size:14px;color:#222;border-bottom:1px solid #eee;word-break:keep-all;overflow-wrap:anywhere;">${value}</td>
      </tr>`,
    )
    .join('');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0;">${cells}</table>`;
}

export function button(href: string, label: string): string {
  return `<p style="margin:24px 0;"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#2f6f5e;color:#fff;text-decoration:none;border-radius:6px;font-weight:600;font-size:15px;">${escapeHtml(label)}</a></p>`;
}

export interface Frame {
  /** The preheader: the line webmail shows beside the subject. */
  preview: string;
  heading: string;
  bodyHtml: string;
  /** A reminder's footer line with its switch-off link. */
  unsubscribeHtml?: string;
}

export function frameHtml(f: Frame): string {
  const b = BUSINESS;
  return `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(f.heading)}</title>
<style>@media (max-width:480px){.frame-outer{padding:8px 0 !important}.frame-pad{padding-left:16px !important;padding-right:16px !important}.facts-label{width:92px !important}}</style></head>
<body style="margin:0;padding:0;background:#f4f4f2;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(f.preview)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f2;"><tr><td class="frame-outer" align="center" style="padding:16px 8px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;font-family:'Apple SD Gothic Neo','Malgun Gothic','Noto Sans KR',sans-serif;line-height:1.6;color:#222;word-break:keep-all;overflow-wrap:anywhere;word-wrap:break-word;">
<tr><td class="frame-pad" style="padding:20px 24px;border-bottom:3px solid #2f6f5e;font-size:16px;font-weight:700;color:#2f6f5e;">${escapeHtml(b.company)} 온라인클래스</td></tr>
<tr><td class="frame-pad" style="padding:24px;">
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.4;color:#111;">${escapeHtml(f.heading)}</h1>
${f.bodyHtml}
</td></tr>
<tr><td class="frame-pad" style="padding:16px 24px;background:#fafaf8;border-top:1px solid #eee;font-size:12px;color:#777;line-height:1.7;">
${f.unsubscribeHtml ? `<p style="margin:0 0 8px;">${f.unsubscribeHtml}</p>` : ''}
<p style="margin:0;">이 메일은 발신 전용입니다. 문의: ${nobr(b.phone)} (${escapeHtml(b.hours).replace(/\d{1,2}:\d{2}-\d{1,2}:\d{2}/g, (range) => nobr(range))}) · ${nobr(b.email)}</p>
<p style="margin:4px 0 0;">${escapeHtml(b.company)} · ${nobr(`대표 ${b.representative}`)} · 사업자등록번호 ${nobr(b.businessNo)} · 통신판매업신고 ${nobr(b.mailOrderNo)}<br>${escapeHtml(b.address)} · 개인정보보호책임자 ${escapeHtml(b.privacyOfficer)} (${nobr(b.privacyEmail)})</p>
</td></tr>
</table></td></tr></table>
</body></html>`;
}

/** The plain-text part's footer: the same business details. */
export function frameText(lines: string[], unsubscribeText?: string): string {
  const b = BUSINESS;
  return [
    ...lines,
    '',
    '--',
    ...(unsubscribeText ? [unsubscribeText] : []),
    `이 메일은 발신 전용입니다. 문의: ${b.phone} (${b.hours}) · ${b.email}`,
    `${b.company} · 대표 ${b.representative} · 사업자등록번호 ${b.businessNo} · 통신판매업신고 ${b.mailOrderNo}`,
    `${b.address} · 개인정보보호책임자 ${b.privacyOfficer} (${b.privacyEmail})`,
  ].join('\n');
}
