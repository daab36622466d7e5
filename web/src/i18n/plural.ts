import { durationParts, type PlanDuration } from '@stakedesk/shared/plan-duration';
import type { Translate } from './i18n.js';
import type { Language } from './language.js';

const rules = new Map<Language, Intl.PluralRules>();

function isOne(language: Language, count: number): boolean {
  let rule = rules.get(language);
  if (!rule) rules.set(language, (rule = new Intl.PluralRules(language)));
  return rule.select(count) === 'one';
}

/** "1 day", "2 days" (and "1 dia", "2 dias"): the language's own plural rule picks the form. */
export function daysText(t: Translate, language: Language, days: number): string {
  return t(isOne(language, days) ? 'plans.day' : 'plans.days', { days });
}

/** A plan's duration in its own unit: "30 days", or a demo plan's "2 minutes" (DESIGN 16). */
export function durationText(t: Translate, language: Language, plan: PlanDuration): string {
  const { count, unit } = durationParts(plan);
  if (unit === 'day') return daysText(t, language, count);
  return t(isOne(language, count) ? 'plans.minute' : 'plans.minutes', { minutes: count });
}

/** "1 holder", "1,250 holders": `formatted` is `count` written in the language. */
export function holdersText(t: Translate, language: Language, formatted: string, count: number): string {
  return t(isOne(language, count) ? 'stats.holder' : 'stats.holders', { count: formatted });
}
