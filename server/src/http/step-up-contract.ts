import type { Transaction } from 'sequelize';
import { msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import type { PasskeyResponseJson } from '@stakedesk/shared/passkeys';
import { forbidden } from '../errors.js';
import type { SignedInAdmin } from './signed-in-admin.js';

/** The acting admin's proof of identity, sent in the same JSON body as the change: a code or, in its place, a passkey's answer. */
export type StepUpProof = { currentPassword?: string; code?: string; passkeyResponse?: PasskeyResponseJson };

/** passwordOnly: the password is the whole proof (a password change asks for nothing more). */
export type StepUpOptions = { passwordOnly?: boolean };

/** The second half of a step-up: spends the code inside the change's own transaction. */
export type StepUpConfirmation = (transaction: Transaction) => Promise<void>;

/**
 * What a service calls when, and only when, its change needs a step-up: checks the password now
 * (audited like a sign-in, throttled on a count of the admin's step-ups, apart from its sign-ins:
 * a stolen session guessing cannot lock the owner out; outside any transaction: bcrypt is slow) and answers the
 * code check to run in the change's transaction, so a change refused later (a taken username, a
 * locked token contract) does not spend the code.
 */
export type StepUp = () => Promise<StepUpConfirmation>;

export const stepUpRequired = (message: CodedMessage = msg('stepUpRequired')) => forbidden(message, { stepUpRequired: true });

/** How a route asks the acting admin to prove themselves for one change: admins' stepUpFor, handed to the route by app.ts. */
export type StepUpFor = (actor: SignedInAdmin, proof: StepUpProof, options?: StepUpOptions) => StepUp;
