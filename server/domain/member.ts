/** The signed-in member, from a verified bearer token. */
export interface Member {
  useruid: string;
  email: string;
}

/** The tables that hold a member's account: the reference backend's own and the users table (single session). */
export const MEMBER_TABLES = ['members', 'users'] as const;
