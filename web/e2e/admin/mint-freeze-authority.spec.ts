import { createInitializeMint2Instruction, getMintLen, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { Keypair, LAMPORTS_PER_SOL, SystemProgram } from '@solana/web3.js';
import { AdminPanel } from '../support/admin-panel.js';
import { expectAccessible } from '../support/axe.js';
import { confirmed, connection, send } from '../support/chain.js';
import { expect, test as base } from '../support/test.js';
import { startToken2022World, type Token2022World } from '../support/token-2022-world.js';

/**
 * A mint whose freeze authority can freeze the staking wallet's account is accepted, with a warning
 * beside the mint in Token Config (DESIGN 15). Its own server with nothing staked yet, so its token
 * contract can change: it starts on a Token-2022 mint without a freeze authority.
 */
const test = base.extend<object, { world: Token2022World }>({
  world: [
    async ({}, use) => {
      const world = await startToken2022World();
      try {
        await use(world);
      } finally {
        await world.stop();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ world }, use) => use(world.baseURL),
});
test.use({ walletInstalled: false });
test.describe.configure({ timeout: 180_000 });

/** A classic SPL Token mint (6 decimals) whose authority may also freeze its accounts. */
async function freezableMint(): Promise<{ mint: Keypair; authority: Keypair }> {
  const authority = Keypair.generate();
  await confirmed(await connection().requestAirdrop(authority.publicKey, LAMPORTS_PER_SOL));
  const mint = Keypair.generate();
  const space = getMintLen([]);
  await send(
    [
      SystemProgram.createAccount({
        fromPubkey: authority.publicKey,
        newAccountPubkey: mint.publicKey,
        space,
        lamports: await connection().getMinimumBalanceForRentExemption(space),
        programId: TOKEN_PROGRAM_ID,
      }),
      createInitializeMint2Instruction(mint.publicKey, 6, authority.publicKey, authority.publicKey, TOKEN_PROGRAM_ID),
    ],
    [authority, mint],
  );
  return { mint, authority };
}

test('saving a mint with a freeze authority: accepted, and Token Config warns beside the mint, naming the authority', async ({
  page,
  world,
}, testInfo) => {
  const panel = new AdminPanel(page);
  await panel.open('Token Config', await world.adminToken());
  const profile = page.getByTestId('mint-profile');
  await expect(profile).toContainText('Token programToken-2022');
  await expect(profile.getByRole('alert')).toHaveCount(0);

  const { mint, authority } = await freezableMint();
  await page.getByLabel('Token Contract Address').fill(mint.publicKey.toBase58());
  await page.getByRole('button', { name: 'Update Settings' }).click();
  await panel.confirmStepUp(world.admin.password);
  await expect(panel.toast('Settings updated successfully')).toBeVisible();

  await expect(profile).toContainText('Token programSPL Token');
  const warning = profile.getByRole('alert');
  await expect(warning).toHaveText(
    `The mint has a freeze authority, ${authority.publicKey.toBase58()}: it can freeze any account of this token, the staking wallet's included, and then no deposit or payout moves until it unfreezes it`,
  );
  await expectAccessible(page, '[data-testid="mint-profile"]');
  await page.mouse.move(0, 0);
  await expect(panel.toast('Settings updated successfully')).toBeHidden();
  // What an owner sees at desktop and phone width: the contract field, then the warning above the mint's profile.
  for (const size of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page
      .getByLabel('Token Contract Address')
      .evaluate((field) => field.closest('.ant-form-item')!.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: testInfo.outputPath(`token-config-freeze-authority-${size.width}.png`) });
  }
});
