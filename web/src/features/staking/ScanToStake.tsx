import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { ScanIntent, ScanIntentStatus, StakingPlan } from '@stakedesk/shared/api-types';
import { shortenAddress } from '@stakedesk/shared/shorten';
import { useFormat } from '../../i18n/format.js';
import { useI18n } from '../../i18n/i18n-pages.js';
import { useLocalizeError } from '../../i18n/localize-error.js';
import { api } from '../../lib/api-client.js';
import { notify } from '../../lib/notify.js';
import { PHANTOM_SITE } from '../../lib/wallet/phantom.js';
import { browseLink, isMobile, WALLET_SITES } from '../../lib/wallet/wallet-sites.js';
import { walletDashboardPath } from '../dashboard/dashboard-view.js';
import { useAfterHolderChange } from '../stale-keys.js';
import { useWallet } from '../wallet/wallet-context.js';
import { scanPollInterval, scanSendFigures, scanView } from './scan-to-stake.js';
import './scan-to-stake.css';

/** The code on screen: the server's intent and the stake amount the holder chose for it. */
export type ScannedCode = { intent: ScanIntent; amount: string };

/**
 * Scan to stake (DESIGN 12) for the stake dialog: offered when this browser has no wallet the app
 * can use (a phone's in-app browser, a desktop without an extension). `start` asks the server for a
 * walletless intent, which needs no session; the stake is recorded for whichever wallet pays it.
 */
export function useScanToStake(plan: StakingPlan, restaking: boolean) {
  const { t } = useI18n();
  const localizeError = useLocalizeError();
  const { hasWallet } = useWallet();
  const [walletFound, setWalletFound] = useState<boolean>();
  const [code, setCode] = useState<ScannedCode>();
  useEffect(() => {
    let live = true;
    hasWallet().then(
      (found) => live && setWalletFound(found),
      () => live && setWalletFound(false),
    );
    return () => void (live = false);
  }, [hasWallet]);
  const create = useMutation({
    mutationFn: (amount: string) => api<ScanIntent>('/api/stakes/intents', { method: 'POST', body: { planId: plan.id, amount } }),
    onSuccess: (intent, amount) => setCode({ intent, amount }),
    onError: (error) => notify('error', t('toast.stakeFailed'), localizeError(error) || t('toast.stakeFailedDefault')),
  });
  return {
    /** A restake moves no tokens, so it never needs a code. */
    offered: !restaking && walletFound === false,
    code,
    pending: create.isPending,
    /** The new stake's confirm button: it asks for the code where scanning is offered. */
    confirmText: !restaking && walletFound === false ? t('scan.start') : t('dialog.confirmStake'),
    start: (amount: string) => create.mutate(amount),
    back: () => setCode(undefined),
  };
}

/** Under the amount while scanning is offered: why, and the wallets' own ways in (a site, or on a phone each wallet app's browser). */
export function ScanOffer() {
  const { t } = useI18n();
  if (!isMobile()) {
    return (
      <p className="note scan-offer">
        {t('scan.offer')}{' '}
        <a href={PHANTOM_SITE} target="_blank" rel="noopener noreferrer">
          {t('scan.getPhantom')}
        </a>
      </p>
    );
  }
  return (
    <div className="note scan-offer">
      <p>{t('scan.offer')}</p>
      <p>
        {t('scan.openInWalletApp')}{' '}
        {WALLET_SITES.map((wallet, index) => (
          <span key={wallet.name}>
            {index > 0 && ' · '}
            <a href={browseLink(wallet, window.location.href)}>{t('walletMissing.openIn', { wallet: wallet.name })}</a>
          </span>
        ))}
      </p>
    </div>
  );
}

/**
 * The code, the link a phone's wallet opens, what to send and until when; then, as the server
 * answers, "Stake recorded" with the way to the paying wallet's dashboard, or "Code expired" with a new code.
 */
export function ScanToStake({
  code: { intent, amount },
  plan,
  symbol,
  renewing,
  onNewCode,
  onBack,
  onClose,
}: {
  code: ScannedCode;
  plan: StakingPlan;
  symbol: string;
  renewing: boolean;
  onNewCode: () => void;
  onBack: () => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const format = useFormat();
  const status = useQuery({
    queryKey: ['scanIntent', intent.id],
    queryFn: () => api<ScanIntentStatus>(`/api/stakes/intents/${intent.id}`),
    refetchInterval: (query) => scanPollInterval(query.state.data),
    refetchIntervalInBackground: true,
  });
  const view = scanView(status.data);

  // The stake is the payer's; if that is this browser's wallet, its dashboard and the totals are stale.
  const afterChange = useAfterHolderChange();
  useEffect(() => {
    if (view.kind === 'recorded') void afterChange('stake.created');
  }, [view.kind, afterChange]);

  // What had focus (the button that asked for the code, New code) is gone: focus goes to the news.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [view.kind, intent.id]);

  const close = (
    <button type="button" className="button" onClick={onClose}>
      {t('dialog.close')}
    </button>
  );

  if (view.kind === 'recorded') {
    const staked = { amount: format.exact(amount), symbol, plan: plan.name };
    return (
      <section className="scan-to-stake" aria-labelledby="scan-heading" data-state="recorded">
        <h3 id="scan-heading" ref={heading} tabIndex={-1} className="scan-done">
          {t('scan.recorded')}
        </h3>
        <p>{view.wallet ? t('scan.recordedText', { ...staked, wallet: shortenAddress(view.wallet) }) : t('scan.recordedPlain', staked)}</p>
        {view.wallet && <p className="muted">{t('scan.dashboardNote', { wallet: shortenAddress(view.wallet) })}</p>}
        <div className="dialog-actions">
          {close}
          {/* The paying wallet's dashboard: read-only in this browser, which has no wallet to act with. */}
          <Link to={view.wallet ? walletDashboardPath(view.wallet) : '/dashboard'} className="button primary">
            {view.wallet ? t('scan.walletDashboard') : t('scan.dashboard')}
          </Link>
        </div>
      </section>
    );
  }

  if (view.kind === 'expired') {
    return (
      <section className="scan-to-stake" aria-labelledby="scan-heading" data-state="expired">
        <h3 id="scan-heading" ref={heading} tabIndex={-1}>
          {t('scan.expired')}
        </h3>
        <p>{t('scan.expiredText')}</p>
        <div className="dialog-actions">
          {close}
          <button type="button" className="button primary" onClick={onNewCode} disabled={renewing}>
            {renewing ? t('dialog.processing') : t('scan.newCode')}
          </button>
        </div>
      </section>
    );
  }

  const figures = scanSendFigures(intent, amount);
  // "6:35 AM" kept on one line at phone width.
  const send = { send: format.exact(figures.send), stake: format.exact(figures.stake), symbol };
  return (
    <section className="scan-to-stake" aria-labelledby="scan-heading" data-state="waiting">
      <h3 id="scan-heading" ref={heading} tabIndex={-1}>
        {t('scan.heading')}
      </h3>
      <QrCode text={intent.transferRequest} alt={t('scan.qrAlt', { amount: send.send, symbol })} />
      <p className="scan-send" data-testid="scan-send">
        {figures.fee ? t('scan.sendWithFee', { ...send, fee: format.exact(figures.fee) }) : t('scan.send', send)}
      </p>
      <p>
        <a className="button primary scan-open" href={intent.transferRequest}>
          {t('scan.openInWallet')}
        </a>
      </p>
      <p className="muted scan-wait">
        <span>{t('scan.expires', { time: format.dateTime(intent.expiresAt).replace(/ (AM|PM)$/, '\u00a0$1') })}</span>{' '}
        <span>{t('scan.waiting')}</span>
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onBack}>
          {t('scan.back')}
        </button>
        {close}
      </div>
    </section>
  );
}

const QR_PIXELS = 264;

/** The transfer request as a QR code image (qrcode loads with the first code); the text it encodes is on the image for tests. */
function QrCode({ text, alt }: { text: string; alt: string }) {
  const [src, setSrc] = useState<{ text: string; url: string }>();
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then(({ toDataURL }) => toDataURL(text, { errorCorrectionLevel: 'M', margin: 4, width: QR_PIXELS }))
      .then(
        (url) => live && setSrc({ text, url }),
        (error: unknown) => console.warn('QR code not drawn', error), // the Open in wallet link still works
      );
    return () => void (live = false);
  }, [text]);
  return src?.text === text ? (
    <img className="scan-qr" src={src.url} alt={alt} width={QR_PIXELS} height={QR_PIXELS} data-transfer-request={text} />
  ) : (
    <div className="scan-qr" aria-hidden="true" />
  );
}
