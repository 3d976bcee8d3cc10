/** The signed-in member, from a verified bearer token. */
export interface Member {
  useruid: string;
  email: string;
}
