import type { Transaction } from 'sequelize';
import { msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { forbidden, unauthorized } from '../http/errors.js';
import type { AccountContext } from './account-context.js';
import { honours, type SignedInAdmin } from './admin-auth.js';
import { Admin } from './admin.model.js';
import { auditFailure, clearFailures, takeAttempt, throttleKeys } from './login-throttle.js';
import { spendSecondFactor } from './second-factor.js';
import { passwordMatches } from './passwords.js';

/** The acting admin's proof of identity, sent in the same JSON body as the change. */
export type StepUpProof = { currentPassword?: string; code?: string };

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

export function stepUpFor(ctx: AccountContext, actor: SignedInAdmin, proof: StepUpProof, options: { passwordOnly?: boolean } = {}): StepUp {
  return async () => {
    if (!proof.currentPassword) throw stepUpRequired();
    const admin = await Admin.findByPk(actor.id);
    if (!admin || !honours(admin, actor.session)) throw unauthorized(msg('sessionExpired'));
    const needsCode = admin.twoFactorEnabled && !options.passwordOnly;
    if (needsCode && !proof.code) throw stepUpRequired();
    const key = throttleKeys.stepUp(admin.username);
    const attempt = await takeAttempt(ctx.sequelize, key);
    if (!(await passwordMatches(proof.currentPassword, admin.passwordHash))) {
      await auditFailure(admin, attempt, 'admin.step_up_failed', 'password');
      throw stepUpRequired(msg('stepUpWrong'));
    }
    if (!needsCode) {
      await clearFailures(ctx.sequelize, key);
      return async () => undefined;
    }
    return async (transaction) => {
      if (!(await spendSecondFactor(ctx, transaction, admin, proof.code!))) {
        await auditFailure(admin, attempt, 'admin.step_up_failed', 'code');
        throw stepUpRequired(msg('stepUpWrong'));
      }
      await clearFailures(ctx.sequelize, key);
    };
  };
}
