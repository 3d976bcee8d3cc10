/**
 * A local stand-in of Naver Login (nid.naver.com and openapi.naver.com), under one prefix on the fake: the consent
 * page a member's browser is sent to, the token endpoint and the profile the Naver server function calls, in the
 * shapes Naver documents (developers.naver.com, "네이버 로그인 API 명세"): an error from the token endpoint is
 * HTTP 200 with `error`, the profile is wrapped in `{resultcode, message, response}`.
 *
 * The profile is whatever the consent form posts; Naver's member id is derived from the email, so signing in again
 * with the same email is the same Naver account.
 */
import { createHash, randomBytes } from 'node:crypto';

export const NAVER_PREFIX = '/fake/naver';
const AUTHORIZE_PATH = `${NAVER_PREFIX}/oauth2.0/authorize`;
const TOKEN_PATH = `${NAVER_PREFIX}/oauth2.0/token`;
const PROFILE_PATH = `${NAVER_PREFIX}/v1/nid/me`;
/** Naver's authorization codes and access tokens are short-lived; codes are also single-use. */
const CODE_LIFETIME_MS = 10 * 60 * 1000;
const ACCESS_TOKEN_SECONDS = 3600;

export interface NaverAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface NaverAccount {
  id: string;
  email: string;
  name: string;
}

export interface FakeNaverOptions {
  clientId: string;
  clientSecret: string;
  /** The callback URLs registered for the app in Naver's developer console; any other redirect_uri is refused. */
  callbackUrls: () => string[];
  now: () => number;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const json = (status: number, body: unknown): NaverAnswer => ({
  status,
  headers: { 'content-type': 'application/json;charset=utf-8' },
  body: JSON.stringify(body),
});
const redirect = (location: string): NaverAnswer => ({ status: 302, headers: { location }, body: '' });
const text = (status: number, message: string): NaverAnswer => ({ status, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: message });

export function createFakeNaver(options: FakeNaverOptions) {
  const codes = new Map<string, { account: NaverAccount; state: string; issuedAt: number }>();
  const accessTokens = new Map<string, { account: NaverAccount; expiresAt: number }>();

  function registered(query: URLSearchParams): string | null {
    if (query.get('client_id') !== options.clientId) return '등록되지 않은 애플리케이션입니다. (invalid client_id)';
    if (!options.callbackUrls().includes(query.get('redirect_uri') ?? '')) return '등록되지 않은 Callback URL입니다. (redirect_uri mismatch)';
    return null;
  }

  function consentPage(query: URLSearchParams): NaverAnswer {
    if (query.get('response_type') !== 'code') return text(400, 'response_type은 code여야 합니다.');
    const refused = registered(query);
    if (refused) return text(400, refused);
    const field = (name: string): string => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? '')}">`;
    const html = `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>네이버 로그인 (로컬 대역)</title>
<style>body{font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px}label{display:block;margin:12px 0 4px}
input[type=email],input[type=text]{width:100%;padding:10px;box-sizing:border-box}button{margin-top:16px;width:100%;padding:12px;border:0;border-radius:6px;font-size:16px}
.agree{background:#03c75a;color:#fff}.cancel{background:#eee}</style></head>
<body><main><h1>네이버 아이디로 로그인</h1><p>이 페이지는 네이버 동의 화면의 로컬 대역입니다.</p>
<form method="post" action="${AUTHORIZE_PATH}">${field('client_id')}${field('redirect_uri')}${field('state')}
<label for="naver-email">네이버 이메일</label><input id="naver-email" type="email" name="email" required autocomplete="email">
<label for="naver-name">이름</label><input id="naver-name" type="text" name="name" autocomplete="name">
<p>제공 항목: 이메일 주소, 이름</p>
<button class="agree" type="submit" name="decision" value="agree">동의하기</button>
<button class="cancel" type="submit" name="decision" value="cancel" formnovalidate>취소</button>
</form></main></body></html>`;
    return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: html };
  }

  function consent(form: URLSearchParams): NaverAnswer {
    const refused = registered(form);
    if (refused) return text(400, refused);
    const back = new URL(form.get('redirect_uri') as string);
    back.searchParams.set('state', form.get('state') ?? '');
    const email = (form.get('email') ?? '').trim().toLowerCase();
    if (form.get('decision') === 'cancel' || !email) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'Canceled By User');
      return redirect(back.toString());
    }
    const id = createHash('sha256').update(`naver:${email}`).digest('base64url').slice(0, 43);
    const code = randomBytes(12).toString('base64url');
    codes.set(code, { account: { id, email, name: (form.get('name') ?? '').trim() || email.split('@')[0] || email }, state: form.get('state') ?? '', issuedAt: options.now() });
    back.searchParams.set('code', code);
    return redirect(back.toString());
  }

  function token(query: URLSearchParams): NaverAnswer {
    if (query.get('grant_type') !== 'authorization_code') return json(200, { error: 'unsupported_grant_type', error_description: 'grant_type is not supported' });
    if (query.get('client_id') !== options.clientId || query.get('client_secret') !== options.clientSecret) {
      return json(200, { error: 'invalid_client', error_description: 'Invalid client (client_id or client_secret)' });
    }
    const code = query.get('code') ?? '';
    const entry = codes.get(code);
    codes.delete(code);
    if (!entry || entry.state !== query.get('state') || options.now() - entry.issuedAt > CODE_LIFETIME_MS) {
      return json(200, { error: 'invalid_request', error_description: 'no valid data in session' });
    }
    const accessToken = randomBytes(24).toString('base64url');
    accessTokens.set(accessToken, { account: entry.account, expiresAt: options.now() + ACCESS_TOKEN_SECONDS * 1000 });
    return json(200, { access_token: accessToken, refresh_token: randomBytes(24).toString('base64url'), token_type: 'bearer', expires_in: String(ACCESS_TOKEN_SECONDS) });
  }

  function profile(authorization: string | undefined): NaverAnswer {
    const bearer = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1] ?? '';
    const entry = accessTokens.get(bearer);
    if (!entry || entry.expiresAt < options.now()) return json(401, { resultcode: '024', message: 'Authentication failed / 인증에 실패했습니다.' });
    const { id, email, name } = entry.account;
    return json(200, { resultcode: '00', message: 'success', response: { id, email, name, nickname: name } });
  }

  /** Null when the path is not Naver's. */
  return function handle(method: string, path: string, query: URLSearchParams, body: string, authorization: string | undefined): NaverAnswer | null {
    if (path === AUTHORIZE_PATH && method === 'GET') return consentPage(query);
    if (path === AUTHORIZE_PATH && method === 'POST') return consent(new URLSearchParams(body));
    // Naver takes the token request's parameters in the query, by GET or POST (a form body is read as well).
    if (path === TOKEN_PATH && (method === 'GET' || method === 'POST')) {
      const params = new URLSearchParams(query);
      for (const [key, value] of new URLSearchParams(body)) if (!params.has(key)) params.set(key, value);
      return token(params);
    }
    if (path === PROFILE_PATH && method === 'GET') return profile(authorization);
    return null;
  };
}
