import { sql } from 'kysely';
import type { Db } from '../db/database';
import { one } from '../db/query';
import type { SignInProvider, SupabaseTokenVerifier } from '../lib/supabaseTokens';

/** The signed-in member, from a verified bearer token. */
export interface Member {
  useruid: string;
  email: string;
  /**
   * Signed in with the auth service, but no account has the token's email yet (a first Supabase sign-in): only
   * CheckUserAccount and CreateSNSUser serve it (server/openapi/dispatch.ts), and `useruid` is the auth user's id.
   */
  withoutAccount?: true;
  /** The provider the verified token names (Supabase mode): what a new account records as its sign-in. */
  provider?: SignInProvider | null;
}

const PROVIDERS = new Set<string>(['kakao', 'naver'] satisfies SignInProvider[]);

/** How bearer tokens name members in Supabase mode; the local mode's counterpart is server/local/auth.ts. */
export interface SupabaseMembers {
  kind: 'supabase';
  verify(token: string): Promise<Member | undefined>;
}

/**
 * In Supabase mode the member is the account the token's verified email names (spec §4: the account is checked by
 * email), whatever useruid it was created with: demo and imported members keep theirs, a first sign-in creates one
 * with the auth user's id (CreateSNSUser). A left member's email carries a `left-` prefix, so it names nobody.
 *
 * One rule for the same email arriving through another provider (issue 41): an account made with Kakao or Naver is
 * that provider's, and a session of the other provider is not its member. It is "signed in, no account of its own",
 * so CheckUserAccount gives it no useruid and CreateSNSUser answers '동일한 이메일로 가입된 사용자가 있습니다.' — what
 * the Naver function already answers when another user has the email (docs/decisions.md says why).
 */
export function supabaseMembers(db: Db, tokens: SupabaseTokenVerifier): SupabaseMembers {
  return {
    kind: 'supabase',
    async verify(token) {
      const identity = await tokens.verify(token);
      if (!identity) return undefined;
      const account = await one(
        db,
        sql<{ useruid: string; sns_type: string | null }>`select useruid, sns_type from members where email = ${identity.email} and left_at is null`,
      );
      const otherProvider = identity.provider && PROVIDERS.has(account?.sns_type ?? '') && account?.sns_type !== identity.provider;
      if (account && !otherProvider) return { useruid: account.useruid, email: identity.email };
      return { useruid: identity.sub, email: identity.email, withoutAccount: true, provider: identity.provider };
    },
  };
}

/** The tables that hold a member's account: the reference backend's own and the users table (single session). */
export const MEMBER_TABLES = ['members', 'users'] as const;

/**
 * Whether the member a token names has left (LeaveUser). Leaving ends every token naming that useruid, whenever
 * it was issued: no token is issued to a left member afterwards (local sign-in refuses one), and a useruid is never
 * given to a new member again, because its orders, classes and points stay recorded under it. A token naming no
 * member row at all (a provider account between sign-in and CreateSNSUser) is not refused here.
 */
export async function memberHasLeft(db: Db, useruid: string): Promise<boolean> {
  return !!(await one(db, sql`select 1 from members where useruid = ${useruid} and left_at is not null`));
}
