import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { afterAll, describe, expect, it } from 'vitest';
import { openPayoutSigner } from './open-payout-signer.js';
import { PayoutSignerError } from './payout-signer.js';

const dir = mkdtempSync(path.join(tmpdir(), 'stakedesk-signer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function keyFile(content: string, mode = 0o600): string {
  const file = path.join(dir, `key-${files++}.json`);
  writeFileSync(file, content);
  chmodSync(file, mode);
  return file;
}
const keygenFile = (keypair: Keypair, mode?: number) => keyFile(JSON.stringify([...keypair.secretKey]), mode);

function refusal(spec: string): string {
  try {
    openPayoutSigner(spec);
  } catch (error) {
    expect(error).toBeInstanceOf(PayoutSignerError);
    return (error as Error).message;
  }
  throw new Error(`${spec} was accepted`);
}

describe('PAYOUT_SIGNER', () => {
  it('is no signer when unset or none: every payout is an operator’s', () => {
    expect(openPayoutSigner(undefined)).toBeNull();
    expect(openPayoutSigner('')).toBeNull();
    expect(openPayoutSigner('none')).toBeNull();
  });

  it('signs a payout message with the key file’s wallet, as web3.js verifies a transaction signature', async () => {
    const hot = Keypair.generate();
    const signer = openPayoutSigner(`keyfile:${keygenFile(hot)}`)!;
    expect(signer.publicKey.equals(hot.publicKey)).toBe(true);
    expect(signer.description).toMatch(/^keyfile \/.*key-\d+\.json$/);

    const transaction = new Transaction({
      feePayer: hot.publicKey,
      blockhash: '11111111111111111111111111111111',
      lastValidBlockHeight: 1,
    });
    transaction.add(SystemProgram.transfer({ fromPubkey: hot.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1 }));
    const signature = await signer.sign(transaction.serializeMessage());
    transaction.addSignature(hot.publicKey, Buffer.from(signature));
    expect(transaction.verifySignatures()).toBe(true);
    // Another message's signature does not verify.
    const other = await signer.sign(new TextEncoder().encode('something else'));
    transaction.addSignature(hot.publicKey, Buffer.from(other));
    expect(transaction.verifySignatures()).toBe(false);
  });

  it('accepts a key file only its owner can read (600 or 400)', () => {
    expect(openPayoutSigner(`keyfile:${keygenFile(Keypair.generate(), 0o400)}`)).not.toBeNull();
  });

  it.each([0o644, 0o640, 0o604, 0o660, 0o666])('refuses a key file of mode %o, in one sentence that says how to fix it', (mode) => {
    const file = keygenFile(Keypair.generate(), mode);
    expect(refusal(`keyfile:${file}`)).toBe(
      `PAYOUT_SIGNER key file ${file} can be read by other users (mode ${mode.toString(8)}): run chmod 600 ${file} and start again`,
    );
  });

  it('refuses what is not a solana-keygen keypair, naming the file', () => {
    const keygenShape = 'is not a solana-keygen keypair (a JSON array of 64 bytes)';
    expect(refusal(`keyfile:${keyFile('not json')}`)).toContain(keygenShape);
    expect(refusal(`keyfile:${keyFile(JSON.stringify([...Keypair.generate().secretKey.subarray(0, 32)]))}`)).toContain(keygenShape);
    expect(refusal(`keyfile:${keyFile(JSON.stringify(new Array(64).fill(256)))}`)).toContain(keygenShape);
    const mismatched = [...Keypair.generate().secretKey.subarray(0, 32), ...Keypair.generate().publicKey.toBytes()];
    expect(refusal(`keyfile:${keyFile(JSON.stringify(mismatched))}`)).toContain(
      'holds a public key that does not belong to its secret key',
    );
    expect(refusal(`keyfile:${path.join(dir, 'missing.json')}`)).toBe(
      `PAYOUT_SIGNER key file ${path.join(dir, 'missing.json')} cannot be read (ENOENT)`,
    );
  });

  it('refuses a setting it does not know', () => {
    expect(refusal('kms:arn:aws:kms:eu-west-1:1:key/x')).toBe(
      "PAYOUT_SIGNER must be 'none' or 'keyfile:<path to a solana-keygen keypair file>', got 'kms:arn:aws:kms:eu-west-1:1:key/x'",
    );
    expect(refusal('keyfile:')).toContain("got 'keyfile:'");
  });
});
