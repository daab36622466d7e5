import {
  AccountState,
  createInitializeDefaultAccountStateInstruction,
  createInitializeInterestBearingMintInstruction,
  createInitializeMetadataPointerInstruction,
  createInitializeMintCloseAuthorityInstruction,
  createInitializeNonTransferableMintInstruction,
  createInitializePausableConfigInstruction,
  createInitializePermanentDelegateInstruction,
  createInitializeTransferFeeConfigInstruction,
  createInitializeTransferHookInstruction,
  createSetTransferFeeInstruction,
  ExtensionType,
  TOKEN_2022_PROGRAM_ID,
} from '@solana/spl-token';
import { Keypair, Transaction, type PublicKey, type TransactionInstruction } from '@solana/web3.js';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINT_AUTHORITY, token2022MintWith } from '../test/token-2022-mints.js';
import { mintProfile, refusedExtension } from './mint-profile.js';

/** Mints made by the real Token-2022 program on the test chain, each with the extensions a case names, read back as the server reads them. */
let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
}, 60_000);
afterAll(() => chain.close());

const PROGRAM = TOKEN_2022_PROGRAM_ID;
const authority = MINT_AUTHORITY;
const mintWith = (extensions: ExtensionType[], initialize: (mint: PublicKey) => TransactionInstruction[]) =>
  token2022MintWith(chain, extensions, initialize);

async function profileOf(mint: PublicKey, epoch = 0n) {
  const account = await chain.connection.getAccountInfo(mint, 'confirmed');
  return mintProfile(mint.toBase58(), account!, epoch);
}

describe('a mint read from its bytes', () => {
  it('a classic SPL Token mint: its program, its decimals, no extension, no fee', async () => {
    const mint = await chain.createMint(6);
    expect(await profileOf(mint)).toEqual({
      programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      decimals: 6,
      extensions: [],
      transferFee: null,
      recentTransferFees: [null],
      frozenByDefault: false,
      freezeAuthority: null,
    });
  });

  it('the freeze authority of either program, when the mint has one', async () => {
    expect(await profileOf(await chain.createMint(6, undefined, { freezable: true }))).toMatchObject({
      programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      freezeAuthority: chain.payer.publicKey.toBase58(),
    });
    expect(await profileOf(await mintWith([], () => []))).toMatchObject({
      programId: PROGRAM.toBase58(),
      freezeAuthority: MINT_AUTHORITY.publicKey.toBase58(),
    });
    expect((await profileOf(await chain.createMint(6, undefined, { programId: PROGRAM })))!.freezeAuthority).toBeNull();
  });

  it('a Token-2022 mint with a transfer fee, and the fee in force before and after the epoch a new one takes effect', async () => {
    const mint = await mintWith([ExtensionType.TransferFeeConfig], (m) => [
      createInitializeTransferFeeConfigInstruction(m, authority.publicKey, authority.publicKey, 100, 5_000n, PROGRAM),
    ]);
    const profile = await profileOf(mint);
    expect(profile).toMatchObject({ programId: PROGRAM.toBase58(), decimals: 9, extensions: ['TransferFeeConfig'] });
    expect(profile!.transferFee).toEqual({ basisPoints: 100, maximumFee: 5_000n });
    expect(refusedExtension(profile!)).toBeNull();

    await chain.sendTransaction(
      new Transaction().add(createSetTransferFeeInstruction(mint, authority.publicKey, [], 250, 9_000n, PROGRAM)),
      [chain.payer, authority],
    );
    const epoch = BigInt((await chain.connection.getEpochInfo('confirmed')).epoch);
    expect((await profileOf(mint, epoch))!.transferFee).toEqual({ basisPoints: 100, maximumFee: 5_000n });
    expect((await profileOf(mint, epoch + 2n))!.transferFee).toEqual({ basisPoints: 250, maximumFee: 9_000n });
    expect((await profileOf(mint, epoch))!.recentTransferFees).toEqual([
      { basisPoints: 100, maximumFee: 5_000n },
      { basisPoints: 250, maximumFee: 9_000n },
    ]);
  });

  it('a Token-2022 mint with its metadata in the mint, as pump.fun makes every coin: accepted', async () => {
    const mint = await chain.createMint(6, undefined, {
      metadata: { name: 'Pump Coin', symbol: 'PUMP', uri: 'https://example.com/pump.json' },
    });
    const profile = await profileOf(mint);
    expect(profile).toMatchObject({ programId: PROGRAM.toBase58(), decimals: 6, transferFee: null });
    expect(profile!.extensions.sort()).toEqual(['MetadataPointer', 'TokenMetadata']);
    expect(refusedExtension(profile!)).toBeNull();
  });

  it('is no mint when the account is a token account, or owned by another program', async () => {
    const mint = await chain.createMint(6);
    const account = await chain.createTokenAccount(mint, Keypair.generate().publicKey);
    expect(await profileOf(account)).toBeNull();
    expect(await profileOf(chain.payer.publicKey)).toBeNull();
  });

  const someone = Keypair.generate().publicKey;
  it.each<[string, ExtensionType[], (mint: PublicKey) => TransactionInstruction[], string | null]>([
    [
      'metadata pointer',
      [ExtensionType.MetadataPointer],
      (m) => [createInitializeMetadataPointerInstruction(m, someone, m, PROGRAM)],
      null,
    ],
    [
      'close authority',
      [ExtensionType.MintCloseAuthority],
      (m) => [createInitializeMintCloseAuthorityInstruction(m, someone, PROGRAM)],
      null,
    ],
    [
      'interest bearing',
      [ExtensionType.InterestBearingConfig],
      (m) => [createInitializeInterestBearingMintInstruction(m, someone, 500, PROGRAM)],
      null,
    ],
    [
      'accounts born initialized',
      [ExtensionType.DefaultAccountState],
      (m) => [createInitializeDefaultAccountStateInstruction(m, AccountState.Initialized, PROGRAM)],
      null,
    ],
    [
      'accounts born frozen',
      [ExtensionType.DefaultAccountState],
      (m) => [createInitializeDefaultAccountStateInstruction(m, AccountState.Frozen, PROGRAM)],
      'DefaultAccountState',
    ],
    [
      'non-transferable',
      [ExtensionType.NonTransferable],
      (m) => [createInitializeNonTransferableMintInstruction(m, PROGRAM)],
      'NonTransferable',
    ],
    [
      'permanent delegate',
      [ExtensionType.PermanentDelegate],
      (m) => [createInitializePermanentDelegateInstruction(m, someone, PROGRAM)],
      'PermanentDelegate',
    ],
    [
      'transfer hook',
      [ExtensionType.TransferHook],
      (m) => [createInitializeTransferHookInstruction(m, someone, someone, PROGRAM)],
      'TransferHook',
    ],
    ['pausable', [ExtensionType.PausableConfig], (m) => [createInitializePausableConfigInstruction(m, someone, PROGRAM)], 'PausableConfig'],
    [
      'a fee and a permanent delegate: the delegate is named',
      [ExtensionType.TransferFeeConfig, ExtensionType.PermanentDelegate],
      (m) => [
        createInitializeTransferFeeConfigInstruction(m, someone, someone, 50, 10n, PROGRAM),
        createInitializePermanentDelegateInstruction(m, someone, PROGRAM),
      ],
      'PermanentDelegate',
    ],
  ])('%s', async (_case, extensions, initialize, refused) => {
    const profile = await profileOf(await mintWith(extensions, initialize));
    expect(profile!.extensions.sort()).toEqual(extensions.map((type) => ExtensionType[type]).sort());
    expect(refusedExtension(profile!)).toBe(refused);
  });

  it('refuses an extension it does not know', () => {
    const profile = {
      programId: PROGRAM.toBase58(),
      decimals: 9,
      extensions: ['MetadataPointer', 'Extension99'],
      transferFee: null,
      recentTransferFees: [null],
      frozenByDefault: false,
      freezeAuthority: null,
    };
    expect(refusedExtension(profile)).toBe('Extension99');
  });
});
