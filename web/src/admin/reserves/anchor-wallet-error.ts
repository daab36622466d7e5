/** Why the wallet did not sign an anchor (a server refusal is shown by its own code instead). */
export class AnchorWalletError extends Error {
  constructor(
    readonly code: 'rejected' | 'walletFailed' | 'signsOnlyAndSends',
    readonly detail = '',
  ) {
    super(`${code}${detail ? `: ${detail}` : ''}`);
  }
}
