/** The tickets the template serves (a real app reads its helpdesk instead). */
import type { Ticket } from "../contract.ts";

/** The open tickets, oldest first. */
export const TICKETS: readonly Ticket[] = [
  {
    id: "t-4127",
    subject: "Export to CSV drops the last row",
    customer: "Dana Kim",
    opened_at: "2030-04-29T08:15:00Z",
  },
  {
    id: "t-4131",
    subject: "Cannot change the billing e-mail",
    customer: "Luis Ortega",
    opened_at: "2030-04-29T16:40:00Z",
  },
  {
    id: "t-4135",
    subject: "Dark mode resets after sign-out",
    customer: "Amira Haddad",
    opened_at: "2030-04-30T07:05:00Z",
  },
];
