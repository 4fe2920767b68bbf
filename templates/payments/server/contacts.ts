/** The person's contacts (a real app reads its address book, or the provider's). */
import type { Contact } from "../contract.ts";

/** Everyone money can be sent to, by name. */
export const CONTACTS: readonly Contact[] = [
  { id: "c-101", name: "Ana Souza", handle: "@ana" },
  { id: "c-102", name: "Jonas Berg", handle: "@jonas" },
  { id: "c-103", name: "Mei Tanaka", handle: "@mei" },
];
