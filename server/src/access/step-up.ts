import { msg } from '@stakedesk/shared/i18n/catalogue';
import { unauthorized } from '../errors.js';
import type { Dependencies } from '../dependencies.js';
import { honours } from './admin-auth.js';
import { adminsTable } from './admin.model.js';
import { factorsOf, hasSecondFactor } from './factors.js';
import { auditFailure, clearFailures, takeAttempt, throttleKeys } from './login-throttle.js';
import { spendPasskeyAnswer } from './passkey-ceremonies.js';
import type { RelyingParty } from './relying-party.js';
import { spendSecondFactor } from './second-factor.js';
import { stepUpRequired, type StepUp, type StepUpOptions, type StepUpProof } from '../http/step-up-contract.js';
import type { SignedInAdmin } from '../http/signed-in-admin.js';

/**
 * The acting admin proves it is them: the current password, then (unless `passwordOnly`) their
 * second factor when they have one: a code, or a passkey's answer to the step-up options (DESIGN
 * 17). An owner held to passkeys (settings.requirePasskeysForOwners) steps up with a passkey only.
 */
export function stepUpFor(
  deps: Dependencies,
  rp: RelyingParty,
  actor: SignedInAdmin,
  proof: StepUpProof,
  options: StepUpOptions = {},
): StepUp {
  return async () => {
    if (!proof.currentPassword) throw stepUpRequired();
    const admin = await adminsTable(deps.database).findByPk(actor.id);
    if (!admin || !honours(admin, actor.session)) throw unauthorized(msg('sessionExpired'));
    const factors = await factorsOf(deps.database, admin);
    const needsSecond = hasSecondFactor(factors) && !options.passwordOnly;
    if (needsSecond && !proof.passkeyResponse && factors.passkeyOnly) throw stepUpRequired(msg('passkeyRequiredForOwners'));
    if (needsSecond && !proof.code && !proof.passkeyResponse) throw stepUpRequired();
    const key = throttleKeys.stepUp(admin.username);
    const attempt = await takeAttempt(deps.database, key);
    if (!(await deps.passwords.matches(proof.currentPassword, admin.passwordHash))) {
      await auditFailure(deps.database, admin, attempt, 'admin.step_up_failed', 'password');
      throw stepUpRequired(msg('stepUpWrong'));
    }
    if (!needsSecond) {
      await clearFailures(deps.database, key);
      return async () => undefined;
    }
    return async (transaction) => {
      if (proof.passkeyResponse) {
        // Spent outside the change's transaction: an answer is used once, whether or not the change is then saved.
        const answer = await spendPasskeyAnswer(deps.database, rp, admin.id, 'step-up', proof.passkeyResponse);
        if ('refused' in answer) {
          await auditFailure(deps.database, admin, attempt, 'admin.step_up_failed', 'passkey');
          throw stepUpRequired(answer.refused);
        }
      } else if (!(await spendSecondFactor(deps, transaction, admin, proof.code!))) {
        await auditFailure(deps.database, admin, attempt, 'admin.step_up_failed', 'code');
        throw stepUpRequired(msg('stepUpWrong'));
      }
      await clearFailures(deps.database, key);
    };
  };
}
