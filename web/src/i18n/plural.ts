import type { Translate } from './i18n.js';
import type { Language } from './language.js';

const rules = new Map<Language, Intl.PluralRules>();

/** "1 day", "2 days" (and "1 dia", "2 dias"): the language's own plural rule picks the form. */
export function daysText(t: Translate, language: Language, days: number): string {
  let rule = rules.get(language);
  if (!rule) rules.set(language, (rule = new Intl.PluralRules(language)));
  return t(rule.select(days) === 'one' ? 'plans.day' : 'plans.days', { days });
}
