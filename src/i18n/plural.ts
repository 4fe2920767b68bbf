/**
 * Plural forms through `Intl.PluralRules`, so Russian gets one/few/many and Chinese one
 * form, without a plural table of our own.
 */

/** The forms a message may give; `other` is always required. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rulesCache = new Map<string, Intl.PluralRules>();

function rulesFor(language: string): Intl.PluralRules {
  let rules = rulesCache.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    rulesCache.set(language, rules);
  }
  return rules;
}

/** Picks the form of `forms` that `count` needs in `language`, with `{n}` replaced. */
export function plural(language: string, count: number, forms: PluralForms): string {
  let category: Intl.LDMLPluralRule = "other";
  try {
    category = rulesFor(language).select(count);
  } catch {
    // An unknown language: `other` is the safe form.
  }
  return (forms[category] ?? forms.other).replace("{n}", String(count));
}
