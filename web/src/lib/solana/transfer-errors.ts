/**
 * Why the wallet did not sign and send a stake deposit, or why it did not land (what the server
 * refuses before, such as too few tokens, is its own coded message). `code` is for the UI's
 * message catalogue; `detail` is the cause.
 */
export type TransferErrorCode = 'walletNotConnected' | 'rejected' | 'noSignature' | 'failedOnChain' | 'notConfirmed' | 'transferFailed';

/**
 * Each refusal in English: the catalogue's `transfer.<code>` (i18n/en-pages.ts spreads these in, so the
 * words live beside the error and lib imports no catalogue) and the error's own message.
 */
export const transferErrorsEn = {
  'transfer.walletNotConnected': 'Wallet not connected',
  'transfer.rejected': 'Transaction rejected by the user',
  'transfer.noSignature': 'Transaction failed - no transaction ID received.',
  'transfer.failedOnChain': 'Transaction failed on the blockchain: {detail}',
  'transfer.notConfirmed': 'Token transfer failed: {detail}',
  'transfer.transferFailed': 'Token transfer failed: {detail}',
} as const satisfies Record<`transfer.${TransferErrorCode}`, string>;

export class TransferError extends Error {
  constructor(
    readonly code: TransferErrorCode,
    readonly detail = '',
  ) {
    // The English text for logs and non-UI callers; the UI shows `transfer.<code>` in the reader's language.
    super(transferErrorsEn[`transfer.${code}`].replace('{detail}', detail));
  }
}
