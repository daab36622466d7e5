import { createPublicKey, randomBytes, verify } from 'node:crypto';
import bs58 from 'bs58';
import { QueryTypes, type Sequelize } from 'sequelize';
import type { AuthNonceResponse } from '@stakedesk/shared/api-types';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import type { AuthNonceInput, AuthVerifyInput } from '@stakedesk/shared/schemas';
import { unauthorized } from '../errors.js';
import { domainOf, nonceOf, signInMessage } from './sign-in-message.js';

const SIGN_IN_TTL_MS = 10 * 60 * 1000;

export type SignInSite = { domain: string; uri: string; cluster: string };

/**
 * What every sign-in message names: the configured public origin (its host and port as the domain),
 * never a request's Host header, which a relaying phishing site controls.
 */
export function signInSite(publicUrl: string, cluster: string): SignInSite {
  const origin = new URL(publicUrl);
  return { domain: origin.host, uri: origin.origin, cluster };
}

export async function issueNonce(db: Sequelize, input: AuthNonceInput, site: SignInSite): Promise<AuthNonceResponse> {
  const nonce = bs58.encode(randomBytes(16));
  const issuedAt = new Date();
  const expiresAt = new Date(issuedAt.getTime() + SIGN_IN_TTL_MS);
  const message = signInMessage({ ...site, walletAddress: input.walletAddress, nonce, issuedAt, expiresAt });
  await db.query(`INSERT INTO sign_in_nonces (nonce, wallet_address, message, expires_at) VALUES (:nonce, :wallet, :message, :expiresAt)`, {
    replacements: { nonce, wallet: input.walletAddress, message, expiresAt },
  });
  return { message, nonce, expiresAt: expiresAt.toISOString() };
}

/** ed25519 over the message's UTF-8 bytes, with the wallet address as the public key. */
function signatureIsValid(walletAddress: string, message: string, signature: string): boolean {
  const publicKey = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(bs58.decode(walletAddress)).toString('base64url') },
    format: 'jwk',
  });
  return verify(null, Buffer.from(message, 'utf8'), publicKey, Buffer.from(bs58.decode(signature)));
}

/**
 * Proves a holder owns `walletAddress`: the message must be the one this server issued for that
 * wallet on this site, unexpired, its nonce not used before (it is spent here, whatever the
 * outcome), and signed by the wallet's key.
 */
export async function verifySignIn(db: Sequelize, input: AuthVerifyInput, site: SignInSite): Promise<string> {
  const nonce = nonceOf(input.message);
  if (!nonce) throw unauthorized(msg('signInMismatch'));
  const [issued] = await db.query<{ wallet_address: string; message: string; expires_at: Date }>(
    `UPDATE sign_in_nonces SET used_at = now() WHERE nonce = :nonce AND used_at IS NULL
     RETURNING wallet_address, message, expires_at`,
    { replacements: { nonce }, type: QueryTypes.SELECT },
  );
  if (!issued) throw unauthorized(msg('signInUnknown'));
  if (domainOf(input.message) !== site.domain) throw unauthorized(msg('signInWrongDomain'));
  if (issued.message !== input.message || issued.wallet_address !== input.walletAddress) throw unauthorized(msg('signInMismatch'));
  if (issued.expires_at.getTime() <= Date.now()) throw unauthorized(msg('signInExpired'));
  if (!signatureIsValid(input.walletAddress, input.message, input.signature)) throw unauthorized(msg('invalidSignature'));
  return input.walletAddress;
}

export async function deleteOldNonces(db: Sequelize): Promise<void> {
  await db.query(`DELETE FROM sign_in_nonces WHERE expires_at < now() - interval '1 day'`);
}
