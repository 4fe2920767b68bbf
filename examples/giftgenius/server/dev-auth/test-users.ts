/** The two local people the development authorization server signs in (no passwords: dev only). */
export interface TestUser {
  /** The token's `sub`. */
  id: string;
  name: string;
}

/** Alice and Bob: two people, so a test or a demo can show that orders never cross. */
export const TEST_USERS: readonly TestUser[] = [
  { id: "alice", name: "Alice Example" },
  { id: "bob", name: "Bob Example" },
];
