/**
 * A form an MCP server asks the person to fill in (form elicitation: a 2026-07-28 input
 * request the client fulfils, or an older server's `elicitation/create`), shown in the
 * conversation the way a client without widgets shows it: the server's message, one field per
 * property of its flat schema, and Submit, Decline or Cancel. Only the person's click answers
 * it; the page's "model" (the tool form) never can. Everything in the request is the server's
 * and untrusted: it is shown as text, and a schema the page cannot draw is declined.
 */
import type { ElicitRequestFormParams, ElicitResult } from "@modelcontextprotocol/client";
import { isRecord } from "../../core/is-record.ts";
import { byId, h } from "./dom.ts";

/** The longest text of the server's the page shows (a message, a title, a description). */
const MAX_TEXT = 2_000;
/** The most fields the page draws; a longer form is declined. */
const MAX_FIELDS = 20;

type Value = string | number | boolean;
/** One drawn property: its control, its wrapper on the page, and how its value is read. */
type Field = {
  readonly name: string;
  readonly control: HTMLInputElement | HTMLSelectElement;
  readonly wrapper: HTMLElement;
  read(): Value | undefined;
};

function clip(value: unknown): string {
  return typeof value === "string" ? value.slice(0, MAX_TEXT) : "";
}

/** One property as a labelled control, or undefined when it is not a primitive the page draws. */
function fieldOf(name: string, schema: unknown, required: boolean, id: string) {
  if (!isRecord(schema)) return undefined;
  const label = clip(schema.title) || name;
  const help = clip(schema.description);
  const describedBy = help ? `${id}-help` : undefined;
  const wrap = (control: HTMLElement, checkbox: boolean) =>
    h(
      "div",
      { class: checkbox ? "form-field checkbox" : "form-field" },
      checkbox ? control : h("label", { for: id }, label),
      checkbox ? h("label", { for: id }, label) : control,
      help ? h("p", { class: "muted", id: describedBy }, help) : null,
    );
  const field = (
    control: HTMLInputElement | HTMLSelectElement,
    read: () => Value | undefined,
    checkbox = false,
  ): Field => ({ name, control, wrapper: wrap(control, checkbox), read });
  if (schema.type === "boolean") {
    // Unticked is an answer too (false), so a required checkbox is never blocked by the browser.
    const input = h("input", { id, name, type: "checkbox", "aria-describedby": describedBy });
    input.checked = schema.default === true;
    return field(input, () => input.checked, true);
  }
  const common = { id, name, required, "aria-describedby": describedBy };
  if (schema.type === "string" && Array.isArray(schema.enum)) {
    const choices = schema.enum.filter((c): c is string => typeof c === "string").slice(0, 50);
    const select = h(
      "select",
      common,
      required ? null : h("option", { value: "" }, "—"),
      ...choices.map((choice) => h("option", { value: choice }, clip(choice))),
    );
    return field(select, () => select.value || undefined);
  }
  if (schema.type === "string" || schema.type === "number" || schema.type === "integer") {
    const numeric = schema.type !== "string";
    const input = h("input", {
      ...common,
      type: numeric ? "number" : "text",
      step: schema.type === "integer" ? 1 : numeric ? "any" : undefined,
    });
    return field(input, () =>
      input.value === "" ? undefined : numeric ? Number(input.value) : input.value,
    );
  }
  return undefined;
}

/** Forms shown so far: each form's control ids are its own, so every label names its control. */
let shownForms = 0;

/**
 * Shows the form in the conversation column and resolves with the person's answer: accept
 * with the fields' values, decline or cancel. A form the page cannot draw is declined, and
 * says why.
 */
export function askPerson(
  params: ElicitRequestFormParams,
  signal?: AbortSignal,
): Promise<ElicitResult> {
  const schema = params.requestedSchema as unknown;
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(
    isRecord(schema) && Array.isArray(schema.required) ? schema.required.map(String) : [],
  );
  const entries = Object.entries(properties);
  const fields: Field[] = [];
  let drawable = entries.length <= MAX_FIELDS;
  const shown = ++shownForms;
  for (const [index, [name, property]] of entries.entries()) {
    if (!drawable) break;
    const field = fieldOf(name, property, required.has(name), `input-form-${shown}-field-${index}`);
    if (field) fields.push(field);
    else drawable = false;
  }
  const turns = byId("turns");
  const status = h("p", { class: "form-status", role: "status" });
  const submit = h("button", { type: "submit" }, "Submit");
  const decline = h("button", { type: "button" }, "Decline");
  const cancel = h("button", { type: "button" }, "Cancel");
  const form = h(
    "form",
    {
      class: "bubble input-form",
      "aria-label": "The app asks you",
      "data-state": "open",
    },
    h("h3", {}, "The app asks you (form)"),
    h("p", { class: "input-form-message" }, clip(params.message)),
    ...fields.map((field) => field.wrapper),
    drawable
      ? null
      : h("p", { role: "alert" }, "This form asks for fields the page cannot show: declined."),
    h("div", { class: "input-form-actions" }, submit, decline, cancel),
    status,
  );
  turns.append(form);
  if (!drawable) {
    close(form, status, "declined (a form the page cannot show)");
    return Promise.resolve({ action: "decline" });
  }
  form.scrollIntoView({ block: "nearest" });
  (fields[0]?.control ?? submit).focus();
  return new Promise<ElicitResult>((resolve) => {
    const finish = (result: ElicitResult, said: string) => {
      close(form, status, said);
      resolve(result);
    };
    signal?.addEventListener(
      "abort",
      () => finish({ action: "cancel" }, "cancelled (the call ended)"),
      {
        once: true,
      },
    );
    decline.addEventListener("click", () => finish({ action: "decline" }, "declined"));
    cancel.addEventListener("click", () => finish({ action: "cancel" }, "cancelled"));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const content: { [name: string]: Value } = {};
      for (const field of fields) {
        const value = field.read();
        if (value === undefined || (typeof value === "number" && !Number.isFinite(value))) {
          if (required.has(field.name)) {
            status.textContent = `Fill in “${field.name}”.`;
            field.control.focus();
            return;
          }
          continue;
        }
        content[field.name] = value;
      }
      finish({ action: "accept", content }, "submitted");
    });
  });
}

/** Freezes an answered form: its controls disabled, what the person did said in its status. */
function close(form: HTMLFormElement, status: HTMLElement, said: string): void {
  form.dataset.state = said.split(" ")[0] ?? "closed";
  status.textContent = `You ${said}.`;
  for (const control of form.querySelectorAll("input, select, button"))
    (control as HTMLInputElement).disabled = true;
}
