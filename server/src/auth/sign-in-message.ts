/**
 * The text a holder signs to prove they own a wallet, in the Sign-In With Solana layout
 * (like EIP-4361): the site, the address, a single-use nonce and a validity window.
 */
export function signInMessage(fields: {
  domain: string;
  uri: string;
  walletAddress: string;
  cluster: string;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
}): string {
  return [
    `${fields.domain} wants you to sign in with your Solana account:`,
    fields.walletAddress,
    '',
    'Sign in to Stakedesk to manage your stakes. This request costs nothing and sends no transaction.',
    '',
    `URI: ${fields.uri}`,
    'Version: 1',
    `Chain ID: ${fields.cluster}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt.toISOString()}`,
    `Expiration Time: ${fields.expiresAt.toISOString()}`,
  ].join('\n');
}

export function domainOf(message: string): string | undefined {
  return /^(\S+) wants you to sign in with your Solana account:\n/.exec(message)?.[1];
}

export function nonceOf(message: string): string | undefined {
  return /^Nonce: ([A-Za-z0-9]+)$/m.exec(message)?.[1];
}
