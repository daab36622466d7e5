import { msg } from '@stakedesk/shared/i18n/catalogue';
import { unauthorized } from '../errors.js';
import type { AccountContext } from './account-context.js';
import { honours } from './admin-auth.js';
import { Admin } from './admin.model.js';
import { auditFailure, clearFailures, takeAttempt, throttleKeys } from './login-throttle.js';
import { spendSecondFactor } from './second-factor.js';
import { passwordMatches } from './passwords.js';
import { stepUpRequired, type StepUp, type StepUpProof } from '../http/step-up-contract.js';
import type { SignedInAdmin } from '../http/signed-in-admin.js';

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
