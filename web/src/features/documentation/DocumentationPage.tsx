import { Link } from 'react-router-dom';
import type { PublicSettings, StakingPlan } from '@stakedesk/shared/api-types';
import { explorerAddressUrl } from '@stakedesk/shared/format';
import { smallestStake, stakeQuote } from '@stakedesk/shared/money';
import type { TransferFeeTerms } from '@stakedesk/shared/transfer-fee-terms';
import { durationParts } from '@stakedesk/shared/plan-duration';
import { usePageTitle } from '../../components/use-page-title.js';
import { usePageDescription } from '../../components/use-page-description.js';
import { useFormat, type Format } from '../../i18n/format.js';
import { useI18n } from '../../i18n/i18n-pages.js';
import { usePlans } from '../plans/api.js';
import { feeTermsOf, useSettings } from '../settings/api.js';
import { docsEn, type DocsKey } from './docs-en.js';
import { docsPtBR } from './docs-pt-BR.js';
import './documentation.css';

type Text = (key: DocsKey, values?: Record<string, string | number>) => string;

/** SPEC's worked examples, computed by the same money rules the server records stakes with. */
const EXAMPLE = { amount: '1000', yieldRate: '50', penalty: '10' };
const FAQ = [1, 2, 3, 4, 5, 6] as const;

function useDocsText(): { text: Text; language: string } {
  const { language } = useI18n();
  const texts = language === 'pt-BR' ? docsPtBR : docsEn;
  const text: Text = (key, values) => texts[key].replace(/\{(\w+)\}/g, (match, name: string) => String(values?.[name] ?? match));
  return { text, language };
}

function PlanExample({ plan, symbol, text, language }: { plan: StakingPlan; symbol: string; text: Text; language: string }) {
  const format = useFormat();
  const amount = smallestStake(plan.minStakeAmount);
  const quote = stakeQuote(amount, plan);
  const { count, unit } = durationParts(plan);
  const one = new Intl.PluralRules(language).select(count) === 'one';
  const days = text(unit === 'minute' ? (one ? 'minuteOne' : 'minuteOther') : one ? 'dayOne' : 'dayOther', { count });
  return (
    <li>
      {text('planExample', {
        plan: plan.name,
        amount: format.amount(amount, 0),
        symbol,
        days,
        total: format.amount(quote.total, 0),
        reward: format.amount(quote.reward, 0),
        rate: format.exact(plan.yieldRate),
        net: format.amount(quote.earlyNet, 0),
      })}
    </li>
  );
}

function Address({ label, address, settings, text }: { label: string; address: string; settings: PublicSettings; text: Text }) {
  return (
    <div className="docs-address">
      <dt>{label}</dt>
      <dd>
        {address ? (
          <>
            <code>{address}</code>{' '}
            <a href={explorerAddressUrl(address, settings.solanaCluster)} target="_blank" rel="noopener noreferrer">
              {text('onExplorer')}
            </a>
          </>
        ) : (
          text('notConfigured')
        )}
      </dd>
    </div>
  );
}

/**
 * The rule and the FAQ's answer on fees: a token with a transfer fee has it said, rate and cap; only a
 * token without one reads "only network fees". Neither is said before the settings tell which.
 */
function feeText(text: Text, format: Format, fee: TransferFeeTerms | null | undefined, symbol: string) {
  if (fee === undefined) return { rule: undefined, answer: '' };
  const values = fee && { percent: format.exact(fee.percent), maximum: format.exact(fee.maximum), symbol };
  return {
    rule: values ? text('feesWithTransferFee', values) : text('fees'),
    answer: values ? text('a4WithTransferFee', values) : text('a4'),
  };
}

export function DocumentationPage() {
  const { t } = useI18n();
  const { text, language } = useDocsText();
  const format = useFormat();
  const { data: settings } = useSettings();
  const { data: plans } = usePlans();
  usePageTitle(t('title.documentation'), settings?.tokenName);
  usePageDescription(t('meta.documentation', { token: settings?.tokenName ?? '' }));
  const { amount, yieldRate, penalty } = EXAMPLE;
  const example = stakeQuote(amount, { yieldRate, earlyPenaltyRate: penalty });
  const open = plans?.filter((plan) => plan.isActive) ?? [];
  const fees = feeText(text, format, feeTermsOf(settings), settings?.tokenSymbol ?? '');
  return (
    <main className="documentation">
      <h1>{text('title')}</h1>
      <p>{text('intro', { token: settings?.tokenName ?? '' })}</p>

      <section aria-labelledby="docs-rules">
        <h2 id="docs-rules">{text('rulesHeading')}</h2>
        <ul>
          <li>
            {text('reward')} {text('rewardExample', { rate: yieldRate, amount, reward: example.reward })}
          </li>
          <li>
            {text('early')} {text('earlyExample', { rate: penalty, amount, net: example.earlyNet })}
          </li>
          <li>
            {text('restake')} {text('restakeExample', { amount, rate: yieldRate, total: example.total })}
          </li>
          <li>{text('terms')}</li>
          <li>{text('manual')}</li>
          {fees.rule && <li data-testid="fees-rule">{fees.rule}</li>}
        </ul>
      </section>

      <section aria-labelledby="docs-plans">
        <h2 id="docs-plans">{text('plansHeading')}</h2>
        {open.length > 0 ? (
          <>
            <p>{text('plansIntro')}</p>
            <ul>
              {open.map((plan) => (
                <PlanExample key={plan.id} plan={plan} symbol={settings?.tokenSymbol ?? ''} text={text} language={language} />
              ))}
            </ul>
          </>
        ) : (
          plans && <p>{text('noPlans')}</p>
        )}
      </section>

      <section aria-labelledby="docs-custody">
        <h2 id="docs-custody">{text('custodyHeading')}</h2>
        <p>{text('custody')}</p>
        {settings && (
          <dl>
            <Address label={text('mint')} address={settings.tokenContract} settings={settings} text={text} />
            <Address label={text('stakingWallet')} address={settings.stakingWallet} settings={settings} text={text} />
          </dl>
        )}
        <p>{text('custodyCheck')}</p>
      </section>

      <section aria-labelledby="docs-blinks">
        <h2 id="docs-blinks">{text('blinksHeading')}</h2>
        <p>{text('blinks', { link: `${window.location.origin}/stake` })}</p>
        <p>{text('blinksSafety')}</p>
      </section>

      <section aria-labelledby="docs-faq">
        <h2 id="docs-faq">{text('faqHeading')}</h2>
        {FAQ.map((n) => (
          <details key={n}>
            <summary>{text(`q${n}`)}</summary>
            <p>{n === 4 ? fees.answer : text(`a${n}`)}</p>
          </details>
        ))}
      </section>
      <Link to="/">{t('nav.backHome')}</Link>
    </main>
  );
}
