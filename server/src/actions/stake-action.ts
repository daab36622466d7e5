import type { ActionGetResponse, ActionPostResponse, ActionsJson, CompletedAction, LinkedAction } from '@solana/actions';
import type { Sequelize } from 'sequelize';
import type { StakingPlan } from '@stakedesk/shared/api-types';
import { msg, tokenAmount, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { smallestStake } from '@stakedesk/shared/money';
import { stakingDestination } from '@stakedesk/shared/staking-open';
import type { PayoutChain } from '../chain/chain.js';
import { forbidden, notFound } from '../errors.js';
import { findPlanJson, listActivePlans } from '../plans/index.js';
import { loadSettings, type Settings } from '../settings/index.js';
import { createDepositIntent, intentTerms } from '../stakes/index.js';

/** The reader's language: a coded message as the text to show (the route picks it from Accept-Language). */
export type Say = (message: CodedMessage) => string;

/** The POST answer that carries a transaction to sign (the spec's TransactionResponse). */
type TransactionResponse = Extract<ActionPostResponse, { type: 'transaction' }>;

/** Where the site is: PUBLIC_URL, which the icon's absolute URL and the dashboard's are made from. */
export type ActionSite = { publicUrl: string };

/** /actions.json: the site's /stake and /stake/<planId> are blinks of these Actions (DESIGN 18). */
export const ACTIONS_JSON: ActionsJson = {
  rules: [
    { pathPattern: '/stake', apiPath: '/api/actions/stake' },
    { pathPattern: '/stake/*', apiPath: '/api/actions/stake/*' },
  ],
};

export const iconUrl = (site: ActionSite) => new URL('/api/actions/icon.png', site.publicUrl).toString();

/** Why nobody can stake through an Action now, or undefined when they can: maintenance, then staking not configured. */
export function closedReason(settings: Settings): CodedMessage | undefined {
  if (settings.maintenanceMode) return msg('maintenanceNotice', { notice: settings.maintenanceMessage });
  if (!stakingDestination(settings)) return msg('stakingNotConfigured');
  return undefined;
}

/** A POST while closed: 403 with the reason, since an Action client shows a 4xx's message (not section 3's 503). */
export async function refuseWhileClosed(db: Sequelize): Promise<void> {
  const reason = closedReason(await loadSettings(db));
  if (reason) throw forbidden(reason);
}

function planLabel(plan: StakingPlan): CodedMessage {
  return plan.durationMinutes === undefined
    ? msg('actionsPlanLabel', { plan: plan.name, rate: plan.yieldRate, days: plan.durationDays })
    : msg('actionsPlanLabelMinutes', { plan: plan.name, rate: plan.yieldRate, minutes: plan.durationMinutes });
}

function planSentence(plan: StakingPlan, symbol: string): CodedMessage {
  const min = tokenAmount(plan.minStakeAmount, symbol);
  return plan.durationMinutes === undefined
    ? msg('actionsPlanSentence', { plan: plan.name, rate: plan.yieldRate, days: plan.durationDays, min })
    : msg('actionsPlanSentenceMinutes', { plan: plan.name, rate: plan.yieldRate, minutes: plan.durationMinutes, min });
}

/** One button per plan: the amount is asked for (whole tokens, at least the plan's minimum) and posted in the query. */
function planAction(plan: StakingPlan, symbol: string, say: Say): LinkedAction {
  return {
    type: 'transaction',
    label: say(planLabel(plan)),
    href: `/api/actions/stake/${plan.id}?amount={amount}`,
    parameters: [
      {
        name: 'amount',
        type: 'number',
        label: say(msg('actionsAmountLabel', { symbol })),
        required: true,
        min: Number(smallestStake(plan.minStakeAmount)),
      },
    ],
  };
}

/** The Action for `plans` (each open one gets a button); disabled with the reason while nobody can stake. */
function actionFor(plans: StakingPlan[], settings: Settings, site: ActionSite, say: Say, closed?: CodedMessage): ActionGetResponse {
  const description = [...plans.map((plan) => say(planSentence(plan, settings.tokenSymbol))), say(msg('stakeCustody'))].join(' ');
  return {
    type: 'action',
    icon: iconUrl(site),
    title: say(msg('actionsTitle', { token: settings.tokenName })),
    description,
    // 'Stake' is already the catalogue's word for a stake; the button says it.
    label: say(msg('fieldStake')),
    links: { actions: plans.map((plan) => planAction(plan, settings.tokenSymbol, say)) },
    ...(closed && { disabled: true, error: { message: say(closed) } }),
  };
}

/** GET /api/actions/stake: every open plan. */
export async function stakeAction(db: Sequelize, site: ActionSite, say: Say): Promise<ActionGetResponse> {
  const [settings, plans] = await Promise.all([loadSettings(db), listActivePlans(db)]);
  const closed = closedReason(settings) ?? (plans.length === 0 ? msg('actionsNoOpenPlan') : undefined);
  return actionFor(plans, settings, site, say, closed);
}

/** GET /api/actions/stake/{planId}: that plan alone; 404 for a plan that does not exist, disabled for one not open. */
export async function planStakeAction(db: Sequelize, planId: number, site: ActionSite, say: Say): Promise<ActionGetResponse> {
  const [settings, plan] = await Promise.all([loadSettings(db), findPlanJson(db, planId)]);
  if (!plan) throw notFound(msg('planNotFound'));
  const closed = closedReason(settings) ?? (plan.isActive ? undefined : msg('planInactive'));
  return actionFor(plan.isActive ? [plan] : [], settings, site, say, closed);
}

/**
 * POST /api/actions/stake/{planId}?amount=<n> {account}: the deposit intent and transaction the holder
 * app gets (DESIGN 12: same rules, reference, memo and per-wallet limit), for the posted account,
 * unsigned, with the callback that answers once it is signed.
 */
export async function stakeTransaction(
  db: Sequelize,
  chain: PayoutChain,
  input: { planId: number; amount: string; account: string },
  say: Say,
): Promise<TransactionResponse> {
  const intent = await createDepositIntent(db, chain, { planId: input.planId, amount: input.amount, walletAddress: input.account });
  const [{ tokenSymbol }, terms] = await Promise.all([loadSettings(db), intentTerms(db, intent.id)]);
  return {
    type: 'transaction',
    transaction: intent.transaction,
    message: say(msg('actionsStakingMessage', { amount: terms!.amount, symbol: tokenSymbol, plan: terms!.planName })),
    links: { next: { type: 'post', href: `/api/actions/stake/intents/${intent.id}/done` } },
  };
}

/**
 * POST /api/actions/stake/intents/{id}/done: the Action client's word that the holder signed. It
 * records nothing (the server finds the transfer by its reference itself); it answers the
 * completed Action naming the dashboard, for the account the intent was made for only.
 */
export async function stakeDone(db: Sequelize, intentId: number, account: string, site: ActionSite, say: Say): Promise<CompletedAction> {
  const [settings, terms] = await Promise.all([loadSettings(db), intentTerms(db, intentId)]);
  if (!terms) throw notFound(msg('depositIntentNotFound'));
  if (terms.walletAddress !== account) throw forbidden(msg('actionsIntentOtherAccount'));
  const dashboard = new URL('/dashboard', site.publicUrl).toString();
  return {
    type: 'completed',
    icon: iconUrl(site),
    title: say(msg('actionsDoneTitle')),
    description: say(
      msg('actionsDoneDescription', { amount: terms.amount, symbol: settings.tokenSymbol, plan: terms.planName, dashboard }),
    ),
    label: say(msg('actionsDoneLabel')),
  };
}
