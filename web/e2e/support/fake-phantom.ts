import type { BrowserContext, Page } from '@playwright/test';
import { VersionedTransaction, type Keypair, type PublicKey, type SendOptions } from '@solana/web3.js';
import { connection } from './chain.js';
import { signEd25519 } from './ed25519.js';
import { injectPhantomProvider, type WalletReply, type WalletRequest } from './phantom-provider.js';

/** The wallet prompts a test can answer for the user. */
export type PromptedOperation = 'connect' | 'signMessage' | 'signAndSendTransaction';

export type FakePhantom = {
  readonly publicKey: PublicKey;
  /** False when installed with `{ installed: false }`: the page has no wallet at all. */
  readonly installed: boolean;
  /** Every request the page made of the wallet, in order (e.g. 'connect', 'signMessage'). */
  readonly requests: WalletRequest[];
  /** The user clicks Cancel on the next prompt of this kind: it rejects with code 4001. */
  rejectNext(operation: PromptedOperation): void;
  /** The next prompt of this kind stays open until the returned function is called. */
  holdNext(operation: PromptedOperation): () => void;
};

const BINDING = '__stakedeskFakePhantom';
const USER_REJECTED: WalletReply = { ok: false, code: 4001, message: 'User rejected the request.' };
type Answer = { hold?: Promise<void>; reject?: boolean };

/**
 * Installs the fake Phantom for `keypair` in a page (or every page of a context). Call it before
 * the first navigation. Signing and sending happen here in Node, against the run's test chain.
 */
export async function installFakePhantom(
  target: Page | BrowserContext,
  keypair: Keypair,
  { installed = true }: { installed?: boolean } = {},
): Promise<FakePhantom> {
  const requests: WalletRequest[] = [];
  const answers: Record<PromptedOperation, Answer[]> = { connect: [], signMessage: [], signAndSendTransaction: [] };
  // Like Phantom, trust is remembered per origin for this wallet, across reloads.
  const trustedOrigins = new Set<string>();

  const perform = async (origin: string, request: WalletRequest): Promise<WalletReply> => {
    switch (request.op) {
      case 'connect':
        if (request.onlyIfTrusted && !trustedOrigins.has(origin)) return USER_REJECTED;
        trustedOrigins.add(origin);
        return { ok: true };
      case 'disconnect':
        trustedOrigins.delete(origin);
        return { ok: true };
      case 'signMessage': {
        const signature = signEd25519(keypair, Buffer.from(request.message, 'base64'));
        return { ok: true, value: Buffer.from(signature).toString('base64') };
      }
      case 'signAndSendTransaction': {
        const transaction = VersionedTransaction.deserialize(Buffer.from(request.transaction, 'base64'));
        transaction.sign([keypair]);
        const options: SendOptions = { preflightCommitment: 'confirmed', ...request.options };
        return { ok: true, value: await connection().sendRawTransaction(transaction.serialize(), options) };
      }
    }
  };

  const handle = async (origin: string, request: WalletRequest): Promise<WalletReply> => {
    requests.push(request);
    // A silent reconnect shows no prompt, so it does not use up a prepared answer.
    const prompted = request.op !== 'disconnect' && !(request.op === 'connect' && request.onlyIfTrusted);
    const answer = prompted ? answers[request.op].shift() : undefined;
    await answer?.hold;
    if (answer?.reject) return USER_REJECTED;
    try {
      return await perform(origin, request);
    } catch (error) {
      return { ok: false, code: -32603, message: error instanceof Error ? error.message : String(error) };
    }
  };

  if (installed) {
    // The binding has to be in place before the init script can call it.
    await target.exposeBinding(BINDING, ({ frame }, request: WalletRequest) => handle(new URL(frame.url()).origin, request));
    await target.addInitScript(injectPhantomProvider, {
      binding: BINDING,
      address: keypair.publicKey.toBase58(),
      bytes: Array.from(keypair.publicKey.toBytes()),
    });
  }

  return {
    publicKey: keypair.publicKey,
    installed,
    requests,
    rejectNext: (operation) => void answers[operation].push({ reject: true }),
    holdNext(operation) {
      let release!: () => void;
      answers[operation].push({ hold: new Promise<void>((resolve) => (release = resolve)) });
      return () => release();
    },
  };
}
