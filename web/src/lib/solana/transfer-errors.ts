import { en } from '../../i18n/en.js';

/** Why a stake deposit could not be sent. `code` is for the UI's message catalogue; `detail` is the cause. */
export type TransferErrorCode =
  | 'walletNotConnected'
  | 'sameWallet'
  | 'noDestinationAccount'
  | 'noSourceAccount'
  | 'insufficientBalance'
  | 'rejected'
  | 'noSignature'
  | 'failedOnChain'
  | 'notConfirmed'
  | 'transferFailed';

export class TransferError extends Error {
  constructor(
    readonly code: TransferErrorCode,
    readonly detail = '',
  ) {
    // The English text for logs and non-UI callers; the UI shows `transfer.<code>` in the reader's language.
    super(en[`transfer.${code}`].replace('{detail}', detail));
  }
}
