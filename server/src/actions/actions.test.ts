import { ACTIONS_CORS_HEADERS, BLOCKCHAIN_IDS } from '@solana/actions';
import {
  decodeTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { Keypair, Transaction } from '@solana/web3.js';
import type { Stake } from '@stakedesk/shared/api-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionsSpecShapes } from '../test/actions-spec-shapes.js';
import { createPlan } from '../test/fixtures.js';
import { startChainStakingServer, tokens, type ChainStakingServer } from '../test/chain-staking-server.js';
import { STEP_UP } from '../test/test-server.js';

/**
 * Solana Actions (DESIGN 18), asked as a blink client asks: from another origin, with no session,
 * every answer held to the spec's published types and headers. The transaction a POST answers is
 * signed by the holder's key as it is and sent to the real token program; the server records the
 * stake by its reference alone.
 */
const shapeErrors = actionsSpecShapes();

type Answer = { status: number; headers: Headers; body: any };

async function ask(
  world: ChainStakingServer,
  method: 'GET' | 'POST' | 'OPTIONS',
  path: string,
  options: { body?: unknown; language?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { origin: 'https://x.com', accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.language) headers['accept-language'] = options.language;
  const response = await fetch(world.api.baseUrl + path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** What the spec asks of every Actions answer: its CORS headers, the version, the cluster. */
function expectActionHeaders(answer: Answer) {
  const { 'Content-Type': json, ...cors } = ACTIONS_CORS_HEADERS;
  for (const [name, value] of Object.entries(cors)) expect(answer.headers.get(name), name).toBe(value);
  // JSON (with its charset), except for an OPTIONS' empty 204.
  if (answer.status !== 204) expect(answer.headers.get('content-type')).toMatch(new RegExp(`^${json}(;|$)`));
  expect(answer.headers.get('x-action-version')).toBe('2.4');
  // The test server runs as SOLANA_CLUSTER=devnet.
  expect(answer.headers.get('x-blockchain-ids')).toBe(BLOCKCHAIN_IDS.devnet);
}

const count = async (world: ChainStakingServer, table: 'deposit_intents' | 'stakes') => {
  const [[row]] = (await world.api.db.query(`SELECT count(*)::int AS n FROM ${table}`)) as [{ n: number }[], unknown];
  return row!.n;
};

const postStake = (world: ChainStakingServer, planId: number, amount: string, account: unknown, language?: string) =>
  ask(world, 'POST', `/api/actions/stake/${planId}?amount=${amount}`, { body: { account }, language });

describe.each(['classic', 'token-2022 1% fee'] as const)('a stake through an Action: %s mint', (mintKind) => {
  let world: ChainStakingServer;
  const programId = mintKind === 'classic' ? TOKEN_PROGRAM_ID : TOKEN_2022_PROGRAM_ID;
  // 1000 tokens arrive; with the 1% fee the holder sends ceil(1000 / 0.99) in raw units.
  const gross = mintKind === 'classic' ? tokens(1000) : 1_010_101_011n;

  beforeAll(async () => {
    world = await startChainStakingServer({ mintKind });
  }, 60_000);
  afterAll(() => world.close());

  it('answers an unsigned transaction paying exactly the stake (and its fee) to the staking wallet, listing the intent reference', async () => {
    const staker = await world.fundedHolder();
    const answer = await postStake(world, world.plan.id, '1000', staker.wallet);
    expect(answer.status).toBe(200);
    expectActionHeaders(answer);
    expect(shapeErrors('ActionPostResponse', answer.body)).toEqual([]);
    expect(answer.body).toMatchObject({
      type: 'transaction',
      message: `Staking 1000 CHN in ${world.plan.name}; your stake shows on the dashboard once it lands`,
      links: { next: { type: 'post', href: expect.stringMatching(/^\/api\/actions\/stake\/intents\/\d+\/done$/) } },
    });
    const intentId = Number(/intents\/(\d+)\//.exec(answer.body.links.next.href)![1]);
    const [[intent]] = (await world.api.db.query('SELECT reference, wallet_address, amount FROM deposit_intents WHERE id = :intentId', {
      replacements: { intentId },
    })) as [{ reference: string; wallet_address: string; amount: string }[], unknown];
    expect(intent).toMatchObject({ wallet_address: staker.wallet });

    const transaction = Transaction.from(Buffer.from(answer.body.transaction, 'base64'));
    expect(transaction.feePayer!.toBase58()).toBe(staker.wallet);
    expect(transaction.signatures.map((s) => [s.publicKey.toBase58(), s.signature])).toEqual([[staker.wallet, null]]);
    expect(transaction.instructions).toHaveLength(1);
    const transfer = decodeTransferCheckedInstruction(transaction.instructions[0]!, programId);
    expect(transfer.programId.equals(programId)).toBe(true);
    expect(transfer.data).toMatchObject({ amount: gross, decimals: 6 });
    expect(transfer.keys.mint.pubkey.equals(world.mint)).toBe(true);
    expect(transfer.keys.source.pubkey.equals(getAssociatedTokenAddressSync(world.mint, staker.keypair.publicKey, false, programId))).toBe(
      true,
    );
    const stakingAccount = getAssociatedTokenAddressSync(world.mint, world.stakingWallet.publicKey, false, programId);
    expect(transfer.keys.destination.pubkey.equals(stakingAccount)).toBe(true);
    expect(transfer.keys.owner.pubkey.toBase58()).toBe(staker.wallet);
    expect(transfer.keys.multiSigners.map((key) => [key.pubkey.toBase58(), key.isSigner, key.isWritable])).toEqual([
      [intent!.reference, false, false],
    ]);
  });

  it('signed by the holder and sent, it records the stake on the plan terms with no browser, and the callback names the dashboard', async () => {
    const staker = await world.fundedHolder(5_000);
    const stakesBefore = await count(world, 'stakes');
    const answer = await postStake(world, world.plan.id, '1000', staker.wallet);
    // As the spec tells a client to with an unsigned transaction: the fee payer is the account, the
    // blockhash the latest, and the transaction serialized and read back before the wallet signs it.
    const received = Transaction.from(Buffer.from(answer.body.transaction, 'base64'));
    received.feePayer = staker.keypair.publicKey;
    received.recentBlockhash = (await world.chain.connection.getLatestBlockhash()).blockhash;
    const signable = Transaction.from(received.serialize({ requireAllSignatures: false, verifySignatures: false }));
    const txId = await world.chain.sendTransaction(signable, [staker.keypair]);
    expect(world.chain.tokenAmountAt(getAssociatedTokenAddressSync(world.mint, staker.keypair.publicKey, false, programId))).toBe(
      tokens(5_000) - gross,
    );
    // Nobody posts the deposit: the server's own follower finds it by its reference.
    await world.api.followDeposits();
    expect(await count(world, 'stakes')).toBe(stakesBefore + 1);
    const stakes = await world.api.request<Stake[]>('GET', `/api/stakes/${staker.wallet}`);
    expect(stakes.body).toEqual([
      expect.objectContaining({
        txId,
        amount: '1000',
        status: 'active',
        walletAddress: staker.wallet,
        plan: expect.objectContaining({
          id: world.plan.id,
          yieldRate: '10',
          earlyPenaltyRate: '20',
          durationDays: world.plan.durationDays,
        }),
      }),
    ]);

    const done = await ask(world, 'POST', answer.body.links.next.href, { body: { account: staker.wallet, signature: txId } });
    expect(done.status).toBe(200);
    expectActionHeaders(done);
    expect(shapeErrors('NextAction', done.body)).toEqual([]);
    expect(done.body).toMatchObject({
      type: 'completed',
      title: 'Stake sent',
      description: `Your stake of 1000 CHN in ${world.plan.name} shows on your dashboard once the transfer lands: ${world.api.baseUrl}/dashboard`,
    });
    // The callback is for the account that signed; another is refused, an unknown intent is 404.
    const other = await ask(world, 'POST', answer.body.links.next.href, { body: { account: Keypair.generate().publicKey.toBase58() } });
    expect(other.status).toBe(403);
    expect((await ask(world, 'POST', '/api/actions/stake/intents/999999/done', { body: { account: staker.wallet } })).status).toBe(404);
  });
});

describe('the Actions API', () => {
  let world: ChainStakingServer;
  beforeAll(async () => {
    world = await startChainStakingServer({ intentRateLimit: 20 });
  }, 60_000);
  afterAll(() => world.close());

  const settings = () => ({
    tokenName: 'Chain Token',
    tokenSymbol: 'CHN',
    tokenContract: world.mint.toBase58(),
    stakingWallet: world.stakingWallet.publicKey.toBase58(),
    ...STEP_UP,
  });
  const maintenance = async (on: boolean) => {
    const saved = await world.api.request(
      'PUT',
      '/api/admin/settings',
      { ...settings(), maintenanceMode: on, maintenanceMessage: 'Back at noon' },
      world.token,
    );
    expect(saved.status).toBe(200);
  };

  it('serves /actions.json mapping /stake and /stake/* to the Actions, with the spec headers on it and on OPTIONS', async () => {
    const rules = await ask(world, 'GET', '/actions.json');
    expect(rules.status).toBe(200);
    expectActionHeaders(rules);
    expect(shapeErrors('ActionsJson', rules.body)).toEqual([]);
    expect(rules.body).toEqual({
      rules: [
        { pathPattern: '/stake', apiPath: '/api/actions/stake' },
        { pathPattern: '/stake/*', apiPath: '/api/actions/stake/*' },
      ],
    });
    for (const path of [
      '/actions.json',
      '/api/actions/stake',
      `/api/actions/stake/${world.plan.id}`,
      '/api/actions/stake/intents/1/done',
    ]) {
      const preflight = await ask(world, 'OPTIONS', path);
      expect(preflight.status, path).toBe(204);
      expectActionHeaders(preflight);
    }
  });

  it('GET /api/actions/stake is an Action with a button per open plan, its amount at least the plan minimum, and a square PNG icon the site serves', async () => {
    const second = await createPlan(world.api, world.token, { name: 'Growth', yieldRate: '25', durationDays: 90, minStakeAmount: '500' });
    const action = await ask(world, 'GET', '/api/actions/stake');
    expect(action.status).toBe(200);
    expectActionHeaders(action);
    expect(shapeErrors('ActionGetResponse', action.body)).toEqual([]);
    expect(action.body).toEqual({
      type: 'action',
      icon: `${world.api.baseUrl}/api/actions/icon.png`,
      title: 'Stake Chain Token',
      description:
        `${world.plan.name}: 10% for ${world.plan.durationDays} days, from 100 CHN. Growth: 25% for 90 days, from 500 CHN. ` +
        "Custodial: your tokens go to the project's staking wallet, and payouts are sent manually within 24 hours.",
      label: 'Stake',
      links: {
        actions: [
          {
            type: 'transaction',
            label: `${world.plan.name} · 10% for ${world.plan.durationDays} days`,
            href: `/api/actions/stake/${world.plan.id}?amount={amount}`,
            parameters: [{ name: 'amount', type: 'number', label: 'Amount (CHN)', required: true, min: 100 }],
          },
          {
            type: 'transaction',
            label: 'Growth · 25% for 90 days',
            href: `/api/actions/stake/${second.id}?amount={amount}`,
            parameters: [{ name: 'amount', type: 'number', label: 'Amount (CHN)', required: true, min: 500 }],
          },
        ],
      },
    });
    // The shape check is no formality: a misspelt or mistyped field fails it.
    expect(shapeErrors('ActionGetResponse', { ...action.body, lable: 'Stake' })).not.toEqual([]);
    expect(shapeErrors('ActionGetResponse', { ...action.body, disabled: 'yes' })).not.toEqual([]);
    const one = await ask(world, 'GET', `/api/actions/stake/${second.id}`);
    expect(shapeErrors('ActionGetResponse', one.body)).toEqual([]);
    expect(one.body.links.actions).toEqual([action.body.links.actions[1]]);

    const icon = await fetch(action.body.icon);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(icon.headers.get('access-control-allow-origin')).toBe('*');
    const png = Buffer.from(await icon.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([256, 256]);

    const toggled = await world.api.request('PATCH', `/api/admin/staking-plans/${second.id}/toggle`, undefined, world.token);
    expect(toggled.status).toBe(200);
    const closedPlan = await ask(world, 'GET', `/api/actions/stake/${second.id}`);
    expect(closedPlan.body).toMatchObject({
      disabled: true,
      error: { message: 'This staking plan is not active' },
      links: { actions: [] },
    });
    expect((await ask(world, 'GET', '/api/actions/stake/999999')).status).toBe(404);
    // A stake is whole tokens: a plan's minimum of 0.5 asks for at least 1.
    const half = await createPlan(world.api, world.token, { name: 'Half', minStakeAmount: '0.5' });
    expect((await ask(world, 'GET', `/api/actions/stake/${half.id}`)).body.links.actions[0].parameters[0].min).toBe(1);
  });

  it('speaks the reader language: labels and refusals in Portuguese for Accept-Language pt-BR', async () => {
    const action = await ask(world, 'GET', '/api/actions/stake', { language: 'pt-BR,pt;q=0.9,en;q=0.5' });
    expect(action.body).toMatchObject({ title: 'Stake de Chain Token', description: expect.stringContaining('Custódia: seus tokens') });
    expect(action.headers.get('vary')).toMatch(/Accept-Language/);
    const refused = await postStake(world, world.plan.id, '50', Keypair.generate().publicKey.toBase58(), 'pt-BR');
    expect(refused.status).toBe(400);
    expect(shapeErrors('ActionError', { message: refused.body.message })).toEqual([]);
    expect(refused.body).toMatchObject({ code: 'minimumStake', message: 'O stake mínimo é 100 CHN.' });
  });

  it('refuses with a 4xx {message} and records nothing: below the minimum, over the plan room, no tokens, not a public key, the 6th open intent', async () => {
    const small = await createPlan(world.api, world.token, { name: 'Small', minStakeAmount: '100', maxTotalStaked: '500' });
    const staker = await world.fundedHolder(20_000);
    const intentsBefore = await count(world, 'deposit_intents');
    const stakesBefore = await count(world, 'stakes');
    const refusals: Array<[Answer, number, string]> = [
      [await postStake(world, world.plan.id, '50', staker.wallet), 400, 'Minimum stake amount is 100 CHN.'],
      [await postStake(world, small.id, '600', staker.wallet), 409, 'This staking plan has room for only 500 CHN more'],
      [await postStake(world, world.plan.id, '1000', Keypair.generate().publicKey.toBase58()), 400, 'Your wallet holds no CHN'],
      [await postStake(world, world.plan.id, '1000', 'not-a-public-key'), 400, 'Invalid wallet address'],
      [await postStake(world, world.plan.id, '1000.5', staker.wallet), 400, 'Amount must be a whole number of tokens'],
    ];
    for (const [answer, status, message] of refusals) {
      expect([answer.status, answer.body.message]).toEqual([status, message]);
      expectActionHeaders(answer);
    }
    expect(await count(world, 'deposit_intents')).toBe(intentsBefore);

    // Five open intents for one wallet (the Action's count with the holder app's): the sixth is refused either way.
    for (let i = 0; i < 5; i++) expect((await postStake(world, world.plan.id, '100', staker.wallet)).status).toBe(200);
    const sixth = await postStake(world, world.plan.id, '100', staker.wallet);
    expect([sixth.status, sixth.body.code]).toEqual([409, 'tooManyOpenIntents']);
    const fromApp = await world.api.request(
      'POST',
      '/api/stakes/intents',
      { planId: world.plan.id, amount: '100', walletAddress: staker.wallet },
      { as: staker.wallet },
    );
    expect([fromApp.status, fromApp.body.code]).toEqual([409, 'tooManyOpenIntents']);
    expect(await count(world, 'deposit_intents')).toBe(intentsBefore + 5);
    expect(await count(world, 'stakes')).toBe(stakesBefore);
  });

  it('while in maintenance: the Action is disabled with the notice, and a POST is a 4xx with it, not 503', async () => {
    const staker = await world.fundedHolder();
    await maintenance(true);
    try {
      const action = await ask(world, 'GET', '/api/actions/stake');
      expect(action.status).toBe(200);
      expect(shapeErrors('ActionGetResponse', action.body)).toEqual([]);
      expect(action.body).toMatchObject({ disabled: true, error: { message: 'Back at noon' } });
      const intentsBefore = await count(world, 'deposit_intents');
      const refused = await postStake(world, world.plan.id, '1000', staker.wallet);
      expect([refused.status, refused.body.message]).toEqual([403, 'Back at noon']);
      expectActionHeaders(refused);
      expect(await count(world, 'deposit_intents')).toBe(intentsBefore);
    } finally {
      await maintenance(false);
    }
    expect((await ask(world, 'GET', '/api/actions/stake')).body.disabled).toBeUndefined();
  });

  it('counts toward the per-client limit on starting deposits, shared with the holder app (429 in the reader language)', async () => {
    // The limit is 20 a minute for this server, and the tests above started some already: the next ones pass it.
    let answer: Answer | undefined;
    for (let i = 0; i < 21 && answer?.status !== 429; i++)
      answer = await postStake(world, world.plan.id, '50', Keypair.generate().publicKey.toBase58(), 'pt-BR');
    expect(answer!.status).toBe(429);
    expect(answer!.body).toMatchObject({ code: 'tooManyIntents', message: 'Depósitos iniciados demais, tente novamente em um minuto' });
    expectActionHeaders(answer!);
    const fromApp = await world.api.request('POST', '/api/stakes/intents', { planId: world.plan.id, amount: '1000' });
    expect(fromApp.status).toBe(429);
  });
});
