import { msg } from '@stakedesk/shared/i18n/catalogue';
import { unauthorized } from '../errors.js';
import type { Dependencies } from '../dependencies.js';
import { honours } from './admin-auth.js';
import { Admin } from './admin.model.js';
import { auditFailure, clearFailures, takeAttempt, throttleKeys } from './login-throttle.js';
import { spendSecondFactor } from './second-factor.js';
import { passwordMatches } from './passwords.js';
import { stepUpRequired, type StepUp, type StepUpProof } from '../http/step-up-contract.js';
import type { SignedInAdmin } from '../http/signed-in-admin.js';

export function stepUpFor(deps: Dependencies, actor: SignedInAdmin, proof: StepUpProof, options: { passwordOnly?: boolean } = {}): StepUp {
  return async () => {
    if (!proof.currentPassword) throw stepUpRequired();
    const admin = await Admin.findByPk(actor.id);
    if (!admin || !honours(admin, actor.session)) throw unauthorized(msg('sessionExpired'));
    const needsCode = admin.twoFactorEnabled && !options.passwordOnly;
    if (needsCode && !proof.code) throw stepUpRequired();
    const key = throttleKeys.stepUp(admin.username);
    const attempt = await takeAttempt(deps.database, key);
    if (!(await passwordMatches(proof.currentPassword, admin.passwordHash))) {
      await auditFailure(deps.database, admin, attempt, 'admin.step_up_failed', 'password');
      throw stepUpRequired(msg('stepUpWrong'));
    }
    if (!needsCode) {
      await clearFailures(deps.database, key);
      return async () => undefined;
    }
    return async (transaction) => {
      if (!(await spendSecondFactor(deps, transaction, admin, proof.code!))) {
        await auditFailure(deps.database, admin, attempt, 'admin.step_up_failed', 'code');
        throw stepUpRequired(msg('stepUpWrong'));
      }
      await clearFailures(deps.database, key);
    };
  };
}
