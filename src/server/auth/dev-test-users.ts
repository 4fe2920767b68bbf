/** The two local people the development authorization server signs in (no passwords: dev only). */
export interface DevTestUser {
  /** The token's `sub`. */
  id: string;
  /** Shown on the sign-in page. */
  name: string;
}

/** Alice and Bob: two people, so a test or a demo can show that one's records never reach the other. */
export const DEV_TEST_USERS: readonly DevTestUser[] = [
  { id: "alice", name: "Alice Example" },
  { id: "bob", name: "Bob Example" },
];
