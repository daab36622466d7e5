import { english, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';

/** One line of the verifier's output: a check that passed, or the reason one failed. */
export type Check = { ok: boolean; text: string };

export const passed = (text: string): Check => ({ ok: true, text });
export const failed = (reason: CodedMessage): Check => ({ ok: false, text: english(reason) });

export const checkLine = ({ ok, text }: Check): string => `${ok ? '✓' : '✗'} ${text}`;
