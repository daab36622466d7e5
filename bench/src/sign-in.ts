import { createPrivateKey, sign } from 'node:crypto';
import bs58 from 'bs58';
import type { Deposit } from './chain-child.js';

// An ed25519 private key in PKCS#8 is this prefix and the 32-byte seed.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** Signs in as the deposit's holder (the server's nonce, signed with the holder's key, as a wallet does); the session cookie. */
export async function signInAs(baseUrl: string, deposit: Pick<Deposit, 'walletAddress' | 'seed'>): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const { message } = (await (await post('/api/auth/nonce', { walletAddress: deposit.walletAddress })).json()) as { message: string };
  const key = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, Buffer.from(deposit.seed, 'base64')]),
    format: 'der',
    type: 'pkcs8',
  });
  const signature = bs58.encode(sign(null, Buffer.from(message, 'utf8'), key));
  const verified = await post('/api/auth/verify', { walletAddress: deposit.walletAddress, message, signature });
  if (!verified.ok) throw new Error(`sign-in: ${verified.status} ${await verified.text()}`);
  return verified.headers.get('set-cookie')!.split(';')[0]!;
}
