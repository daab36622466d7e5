import { english, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import type { ReservesCheckStatus } from '@stakedesk/shared/reserves/findings';

/** One line of the verifier's output: a check that passed, one that failed and why, one it could not judge and why, or a note. */
export type Check = { status: ReservesCheckStatus | 'note'; text: string };

export const passed = (text: string): Check => ({ status: 'passed', text });
export const failed = (reason: CodedMessage): Check => ({ status: 'failed', text: english(reason) });
export const incomplete = (reason: CodedMessage): Check => ({ status: 'incomplete', text: english(reason) });
export const note = (text: string): Check => ({ status: 'note', text });

const MARK: Record<Check['status'], string> = { passed: '✓', failed: '✗', incomplete: '?', note: '-' };

export const checkLine = ({ status, text }: Check): string => `${MARK[status]} ${text}`;
