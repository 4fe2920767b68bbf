/**
 * The "states and data-* attributes" table of each component's docs page (markdown shown by
 * autodocs above the props table). Kept beside the stories that demonstrate each row.
 */

/** A component docs description: a summary line and its DOM contract as a table. */
function describe(
  summary: string,
  rows: ReadonlyArray<readonly [string, string]>,
): { docs: { description: { component: string } } } {
  const table = [
    "| State / attribute | Meaning |",
    "| --- | --- |",
    ...rows.map(([name, meaning]) => `| ${name} | ${meaning} |`),
  ];
  return { docs: { description: { component: `${summary}\n\n${table.join("\n")}` } } };
}

export const RESULT_VIEW_DOCS = describe(
  "Renders any contract's tool output in its state; the app supplies `renderResults` (and `renderRecord` for record kinds). Reads the host's tool output when `result` is omitted.",
  [
    ['`data-state="loading"`', "the host has not delivered the tool output (`toolOutput` null)"],
    [
      '`data-state="results"`',
      "`ok: true` with items: every valid item rendered in a list that scrolls within `maxHeight`; dropped items counted",
    ],
    ['`data-state="empty"`', "`ok: true` with an empty list: EmptyState with the reason"],
    [
      '`data-state="error"`',
      "`ok: false`: ErrorState, with a retry when `onRetry` is given and the error is retryable",
    ],
    [
      '`data-state="invalid"`',
      "not the contract's shape, every item malformed, or a render function threw",
    ],
    ['`data-state="unsupported"`', "another major `contract_version`"],
    [
      '`data-state="confirm"` / `"committed"`',
      "record kinds through `renderRecord` (a draft, an order)",
    ],
    ["`data-theme`, `lang`", "the host's theme and locale, on the root"],
    ['`data-action="retry"`', "the retry button of an error"],
  ],
);

export const ERROR_STATE_DOCS = describe(
  'A ToolError for the person (`role="alert"`): the sentence, every field problem with its example, the next step, what happened to a write (`changes`), the request ID, and a retry. Payload text is never markup.',
  [
    ['`data-state="error"`', "on the widget root (set by ResultView or ConfirmDraft around it)"],
    [
      '`data-action="retry"`',
      "present only when `error.retryable` and `onRetry` is given; counts down `retry_after_seconds`",
    ],
    [
      "`changes`",
      '`none` → "Nothing was created."; `unknown` → safe to retry with the same request; `applied`',
    ],
    [
      "`HOST_CALL_FAILED`",
      "the kit's own error (the host call failed or timed out), shown in the person's language",
    ],
  ],
);

export const EMPTY_STATE_DOCS = describe(
  "Nothing found is a result, not an error: the reason, and follow-ups sent into the conversation through the host (once per result).",
  [
    ['`data-state="empty"`', "on the widget root"],
    [
      "suggestion buttons",
      "shown only when the host can send follow-up messages; disabled after the first pick",
    ],
  ],
);

export const RETRY_BUTTON_DOCS = describe("The retry control of an error.", [
  ['`data-action="retry"`', "the button; absent when `retryable` is false"],
  [
    "disabled",
    'while `retry_after_seconds` counts down (label "Try again in N s") and while a retry runs',
  ],
  ['`role="status"`', "announces the wait when it starts and when it ends, not every second"],
  ["after `maxAttempts`", 'replaced by "try again later"'],
]);

export const CONFIRM_DRAFT_DOCS = describe(
  'The human confirmation before a write: a modal `role="alertdialog"` (Cancel focused first, Tab kept inside, Escape cancels, focus returned on close). The idempotency key is made once per draft and stored in widget state before the commit; a burst of clicks sends one call; a retry or a remount reuses the key.',
  [
    [
      '`data-state="confirm"`',
      'the draft, awaiting the person; an expired draft stays here with Confirm disabled and "Prepare again"',
    ],
    ['`data-state="committing"`', "the commit is on its way (buttons disabled)"],
    ['`data-state="committed"`', "the write is done (Receipt; a replay is said calmly)"],
    ['`data-state="error"`', "the commit failed: ErrorState, retried with the same key"],
    ['`data-action="confirm"` / `"cancel"`', "the two buttons"],
  ],
);
