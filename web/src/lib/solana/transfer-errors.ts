import { enPages } from '../../i18n/en-pages.js';

/**
 * Why the wallet did not sign and send a stake deposit, or why it did not land (what the server
 * refuses before, such as too few tokens, is its own coded message). `code` is for the UI's
 * message catalogue; `detail` is the cause.
 */
export type TransferErrorCode = 'walletNotConnected' | 'rejected' | 'noSignature' | 'failedOnChain' | 'notConfirmed' | 'transferFailed';

export class TransferError extends Error {
  constructor(
    readonly code: TransferErrorCode,
    readonly detail = '',
  ) {
    // The English text for logs and non-UI callers; the UI shows `transfer.<code>` in the reader's language.
    super(enPages[`transfer.${code}`].replace('{detail}', detail));
  }
}
