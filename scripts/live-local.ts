/**
 * `npm run start:live-local`: builds the app in the live configuration (dist-live) and starts it with the local
 * outside world (fakes/live-local.ts), so the Kakao and Naver sign-in through Supabase can be tried in a browser
 * without internet. `--no-build` reuses the last build. Stops on Ctrl-C / SIGTERM.
 */
import { buildLiveApp, startLiveLocal } from '../fakes/live-local';

const skipBuild = process.argv.includes('--no-build');
const distDir = skipBuild ? 'dist-live' : buildLiveApp('dist-live');
const live = await startLiveLocal({ distDir });

console.log(`
[live-local] storefront (live configuration): ${live.appUrl}
[live-local] fake Supabase (Auth, PostgREST, functions): ${live.supabase.url}
[live-local] fake PortOne (REST API, webhooks, hosted checkout): ${live.portone.url}
[live-local] SMTP stand-in ${live.mail.url}: the store's mails, as members would read them, at ${live.mailUrl}
[live-local] PortOne checkout loads https://cdn.portone.io, which only the browser tests route to the fake (e2e/live-payment.e2e.test.ts).
[live-local] demo members sign in with Kakao by their email (e.g. member@demo.kr); any other email creates an account.
[live-local] Ctrl-C stops all of them.`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`[live-local] ${signal}: stopping`);
  live.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('[live-local] stop failed', error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
