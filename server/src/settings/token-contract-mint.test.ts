import {
  AccountState,
  createInitializeDefaultAccountStateInstruction,
  createInitializeNonTransferableMintInstruction,
  createInitializePermanentDelegateInstruction,
  createInitializeTransferHookInstruction,
  ExtensionType,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { Keypair, type PublicKey, type TransactionInstruction } from '@solana/web3.js';
import { formatMessage } from '@stakedesk/shared/i18n/catalogue';
import { ptBR } from '@stakedesk/shared/i18n/pt-BR';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachesOf } from '../cache/caches.js';
import { SolanaChain } from '../chain/solana-chain.js';
import { createPlan } from '../test/fixtures.js';
import { token2022MintWith } from '../test/token-2022-mints.js';
import { randomWallet, startTestServer, STEP_UP, type TestServer } from '../test/test-server.js';

/** Saving the token contract reads the mint from the real token programs on the test chain (DESIGN 12). */
let chain: TestChain;
let api: TestServer;
let token: string;
beforeAll(async () => {
  chain = await startTestChain();
  api = await startTestServer({ realChain: new SolanaChain(async () => chain.url, 3_000) });
  token = await api.login();
}, 60_000);
afterAll(async () => {
  await api?.close();
  await chain?.close();
});

const save = (tokenContract: string) =>
  api.request(
    'PUT',
    '/api/admin/settings',
    { tokenName: 'Acme', tokenSymbol: 'ACME', tokenContract, stakingWallet: randomWallet(), ...STEP_UP },
    token,
  );

describe('saving the token contract reads the mint', () => {
  it('a classic SPL Token mint: its program and decimals are saved, no fee, no extension; the public settings carry them', async () => {
    const mint = await chain.createMint(6);
    const saved = await save(mint.toBase58());
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      tokenProgram: TOKEN_PROGRAM_ID.toBase58(),
      tokenDecimals: 6,
      transferFee: null,
      tokenExtensions: [],
    });
    const shown = await api.request('GET', '/api/settings');
    expect(shown.body).toMatchObject({
      tokenContract: mint.toBase58(),
      tokenProgram: TOKEN_PROGRAM_ID.toBase58(),
      tokenDecimals: 6,
      transferFee: null,
    });
    expect(shown.body).not.toHaveProperty('tokenExtensions');
  });

  it('a Token-2022 mint with a 1% transfer fee: the fee in force is saved and public', async () => {
    const mint = await chain.createMint(9, undefined, { transferFee: { basisPoints: 100, maximumFee: 5_000_000_000n } });
    const saved = await save(mint.toBase58());
    expect(saved.status).toBe(200);
    const fee = { basisPoints: 100, maximumFee: '5000000000' };
    expect(saved.body).toMatchObject({ tokenProgram: TOKEN_2022_PROGRAM_ID.toBase58(), tokenDecimals: 9, transferFee: fee });
    expect(saved.body.tokenExtensions).toEqual(['TransferFeeConfig']);
    expect((await api.request('GET', '/api/settings')).body.transferFee).toEqual(fee);
  });

  it('a Token-2022 mint with its metadata in the mint (as pump.fun makes them) is accepted', async () => {
    const mint = await chain.createMint(6, undefined, { metadata: { name: 'Pump', symbol: 'PUMP', uri: 'https://example.com/p.json' } });
    const saved = await save(mint.toBase58());
    expect(saved.status).toBe(200);
    expect(saved.body.tokenExtensions.sort()).toEqual(['MetadataPointer', 'TokenMetadata']);
  });

  const someone = Keypair.generate().publicKey;
  it.each<[string, ExtensionType, (mint: PublicKey) => TransactionInstruction, RegExp, RegExp]>([
    [
      'NonTransferable',
      ExtensionType.NonTransferable,
      (m) => createInitializeNonTransferableMintInstruction(m, TOKEN_2022_PROGRAM_ID),
      /never be transferred/,
      /nunca podem ser transferidos/,
    ],
    [
      'PermanentDelegate',
      ExtensionType.PermanentDelegate,
      (m) => createInitializePermanentDelegateInstruction(m, someone, TOKEN_2022_PROGRAM_ID),
      /take tokens from any account, the staking wallet's included/,
      /tirar tokens de qualquer conta/,
    ],
    [
      'DefaultAccountState',
      ExtensionType.DefaultAccountState,
      (m) => createInitializeDefaultAccountStateInstruction(m, AccountState.Frozen, TOKEN_2022_PROGRAM_ID),
      /new token accounts are born frozen/,
      /novas contas de token nascem congeladas/,
    ],
    [
      'TransferHook',
      ExtensionType.TransferHook,
      (m) => createInitializeTransferHookInstruction(m, someone, someone, TOKEN_2022_PROGRAM_ID),
      /runs a program the mint's authority chooses/,
      /executa um programa escolhido/,
    ],
  ])(
    'a %s mint is refused with a sentence naming the extension and why, in both languages; nothing is saved',
    async (extension, type, init, english, portuguese) => {
      const before = (await api.request('GET', '/api/admin/settings', undefined, token)).body;
      const mint = await token2022MintWith(chain, [type], (m) => [init(m)]);
      const refused = await save(mint.toBase58());
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('mintUnsupported');
      expect(refused.body.params.extension).toBe(extension);
      expect(refused.body.message).toContain(`This token cannot be staked. Its mint uses ${extension}:`);
      expect(refused.body.message).toMatch(english);
      expect(formatMessage(ptBR, refused.body)).toMatch(portuguese);
      expect(refused.body.errors.tokenContract).toBe(refused.body.message);
      expect((await api.request('GET', '/api/admin/settings', undefined, token)).body).toEqual(before);
    },
  );

  it('a mint that cannot be staked is refused before the password is asked for; one that can still needs it', async () => {
    const unsupported = await token2022MintWith(chain, [ExtensionType.NonTransferable], (m) => [
      createInitializeNonTransferableMintInstruction(m, TOKEN_2022_PROGRAM_ID),
    ]);
    const withoutProof = (tokenContract: string) =>
      api.request(
        'PUT',
        '/api/admin/settings',
        { tokenName: 'Acme', tokenSymbol: 'ACME', tokenContract, stakingWallet: randomWallet() },
        token,
      );
    const refused = await withoutProof(unsupported.toBase58());
    // The same refusal the save with a password gets: the panel shows it without opening the step-up dialog.
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'mintUnsupported', params: { extension: 'NonTransferable' } });
    expect(refused.body.stepUpRequired).toBeUndefined();
    const [failures] = await api.db.query(`SELECT count(*)::int AS n FROM audit_logs WHERE action = 'admin.step_up_failed'`);
    expect(failures).toEqual([{ n: 0 }]);

    const asked = await withoutProof((await chain.createMint(6)).toBase58());
    expect(asked.status).toBe(403);
    expect(asked.body).toMatchObject({ code: 'stepUpRequired', stepUpRequired: true });
  });

  it('an address that is no mint (a wallet, a token account) is refused on the field', async () => {
    const mint = await chain.createMint(6);
    for (const address of [randomWallet(), (await chain.createTokenAccount(mint, someone)).toBase58()]) {
      const refused = await save(address);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'tokenContractNotMint',
        errors: { tokenContract: 'This address is not a token mint on this network' },
      });
    }
  });
});

describe('a mint with a freeze authority (DESIGN 15)', () => {
  const warningOf = (authority: PublicKey) => ({ code: 'mintFreezeAuthority', params: { authority: authority.toBase58() } });

  it.each([
    ['classic SPL Token', TOKEN_PROGRAM_ID],
    ['Token-2022', TOKEN_2022_PROGRAM_ID],
  ])(
    '%s: accepted, with a warning naming the authority in the admin settings (not the public ones); without one, no warning',
    async (_kind, programId) => {
      const freezable = await chain.createMint(6, undefined, { programId, freezable: true });
      const saved = await save(freezable.toBase58());
      expect(saved).toMatchObject({
        status: 200,
        body: { tokenProgram: programId.toBase58(), mintWarnings: [warningOf(chain.payer.publicKey)] },
      });
      const read = (await api.request('GET', '/api/admin/settings', undefined, token)).body;
      expect(read.mintWarnings).toEqual([warningOf(chain.payer.publicKey)]);
      expect(formatMessage(ptBR, read.mintWarnings[0])).toContain(`autoridade de congelamento, ${chain.payer.publicKey.toBase58()}`);
      expect((await api.request('GET', '/api/settings')).body).not.toHaveProperty('mintWarnings');

      const plain = await chain.createMint(6, undefined, { programId });
      expect(await save(plain.toBase58())).toMatchObject({ status: 200, body: { mintWarnings: [] } });
    },
  );

  it('a contract saved before the server read freeze authorities gets its warning at the next deposit intent', async () => {
    const mint = await chain.createMint(6, undefined, { freezable: true });
    expect((await save(mint.toBase58())).body.mintWarnings).toHaveLength(1);
    // As migration 028 leaves a row an older server wrote.
    await api.db.query('UPDATE settings SET token_freeze_authority = NULL');
    cachesOf(api.db).invalidateEntity('settings');
    expect((await api.request('GET', '/api/admin/settings', undefined, token)).body.mintWarnings).toEqual([]);
    const plan = await createPlan(api, token);
    expect((await api.request('POST', '/api/stakes/intents', { planId: plan.id, amount: '100' })).status).toBe(201);
    expect((await api.request('GET', '/api/admin/settings', undefined, token)).body.mintWarnings).toEqual([
      warningOf(chain.payer.publicKey),
    ]);
  });
});
