import { deflateSync } from 'node:zlib';
import {
  createInitializeMint2Instruction,
  createInitializeNonTransferableMintInstruction,
  ExtensionType,
  getMintLen,
  TOKEN_2022_PROGRAM_ID,
} from '@solana/spl-token';
import { Keypair, SystemProgram } from '@solana/web3.js';
import { AdminPanel } from '../support/admin-panel.js';
import { expectAccessible } from '../support/axe.js';
import { connection, fundedHolder, send } from '../support/chain.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

/** A real 2x2 PNG (signature, IHDR, IDAT, IEND) with valid checksums. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const pixels = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const publicSettings = async () => (await (await fetch(`${readState().baseURL}/api/settings`)).json()) as Record<string, unknown>;

test.describe('Token Config', () => {
  test.afterAll(async () => {
    const { mint, stakingWallet } = readState();
    const token = await (await import('../support/admin-api.js')).adminToken();
    await fetch(`${readState().baseURL}/api/admin/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        tokenName: 'Stakedesk Test Token',
        tokenSymbol: 'SDT',
        tokenContract: mint,
        stakingWallet,
        tokenLogo: null,
        supportEmail: '',
        currentPassword: readState().admin.password,
      }),
    });
  });

  test('shows the saved settings, refuses invalid fields on the field, and saves', async ({ page }) => {
    const panel = new AdminPanel(page);
    await panel.open();
    const { mint, stakingWallet } = readState();
    await expect(page.getByLabel('Token Name')).toHaveValue('Stakedesk Test Token');
    await expect(page.getByLabel('Token Contract Address')).toHaveValue(mint);
    await expect(page.getByLabel('Staking Wallet Address')).toHaveValue(stakingWallet);

    await page.getByLabel('Token Name').fill('');
    await page.getByLabel('Token Contract Address').fill('not-an-address');
    await page.getByLabel('Support Email').fill('nobody-at-example');
    await page.getByRole('button', { name: 'Update Settings' }).click();
    await expect(page.getByText('Token name is required', { exact: true })).toBeVisible();
    await expect(panel.toast('Failed to update settings')).toContainText('Nothing was saved');
    await expect(page.getByText('Token contract must be a valid Solana address')).toBeVisible();
    await expect(page.getByText('Support email must be a valid email address')).toBeVisible();
    expect((await publicSettings()).tokenName).toBe('Stakedesk Test Token');

    await page.getByLabel('Token Name').fill('Stakedesk Test Token');
    await page.getByLabel('Token Contract Address').fill(mint);
    await page.getByLabel('Support Email').fill('help@e2e.example');
    await page.getByRole('button', { name: 'Update Settings' }).click();
    await expect(panel.toast('Settings updated successfully')).toBeVisible();
    expect((await publicSettings()).supportEmail).toBe('help@e2e.example');
  });

  test('uploads a PNG logo and shows it; refuses an SVG and a file over 5 MB', async ({ page }) => {
    const panel = new AdminPanel(page);
    await panel.open();
    const upload = page.locator('input[type=file]');

    await upload.setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    });
    await expect(panel.toast('Logo refused')).toContainText('SVG images are not allowed');
    await upload.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024)]),
    });
    await expect(panel.toast('File too large')).toContainText('Please select an image smaller than 5MB');
    await expect(page.getByText('No logo')).toBeVisible();

    await upload.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect(page.getByRole('img', { name: 'Current logo' })).toBeVisible();
    await page.getByRole('button', { name: 'Update Settings' }).click();
    await expect(panel.toast('Settings updated successfully')).toBeVisible();
    expect((await publicSettings()).tokenLogo).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    await expect(page.getByRole('banner').getByRole('img', { name: 'Stakedesk Test Token' })).toBeVisible();

    await page.getByRole('button', { name: 'Remove logo' }).click();
    await page.getByRole('button', { name: 'Update Settings' }).click();
    await expect.poll(async () => (await publicSettings()).tokenLogo).toBeNull();
    await expect(page.getByRole('banner').getByRole('img', { name: 'Stakedesk Test Token' })).toHaveCount(0);
  });

  test('keeps the provider key masked: blank keeps it, and it never reaches the public settings', async ({ page }) => {
    const panel = new AdminPanel(page);
    await panel.open();
    const key = 'e2e-provider-key-0123456789';
    await page.getByLabel('Helius API Key').fill(key);
    await page.getByRole('button', { name: 'Update Settings' }).click();
    // The provider key is one of the changes that redirect money: the panel asks for the password first.
    await panel.confirmStepUp(readState().admin.password);
    await expect(panel.toast('Settings updated successfully')).toBeVisible();
    await expect(page.getByLabel('Helius API Key')).toHaveValue('');
    await expect(page.getByLabel('Helius API Key')).toHaveAttribute('placeholder', 'e2e-••••••••6789');
    expect(JSON.stringify(await publicSettings())).not.toContain(key);

    await page.getByLabel('Remove the stored key').check();
    await page.getByRole('button', { name: 'Update Settings' }).click();
    await panel.confirmStepUp(readState().admin.password);
    await expect(page.getByLabel('Helius API Key')).toHaveAttribute('placeholder', 'No key stored');
  });
  test('says what the saved mint is, and refuses a contract whose mint cannot be staked at the field, in words', async ({ page }) => {
    const panel = new AdminPanel(page);
    await panel.open();
    const mint = page.getByTestId('mint-profile');
    await expect(mint).toContainText('Token programSPL Token');
    await expect(mint).toContainText('Decimals6');
    await expect(mint).toContainText('ExtensionsNone');
    await expect(mint).toContainText('Transfer feeNone');
    await expectAccessible(page, '[data-testid="mint-profile"]');

    // A Token-2022 mint whose tokens can never move: no deposit or payout could.
    const payer = await fundedHolder(0);
    const nonTransferable = Keypair.generate();
    const space = getMintLen([ExtensionType.NonTransferable]);
    await send(
      [
        SystemProgram.createAccount({
          fromPubkey: payer.publicKey,
          newAccountPubkey: nonTransferable.publicKey,
          space,
          lamports: await connection().getMinimumBalanceForRentExemption(space),
          programId: TOKEN_2022_PROGRAM_ID,
        }),
        createInitializeNonTransferableMintInstruction(nonTransferable.publicKey, TOKEN_2022_PROGRAM_ID),
        createInitializeMint2Instruction(nonTransferable.publicKey, 6, payer.publicKey, null, TOKEN_2022_PROGRAM_ID),
      ],
      [payer, nonTransferable],
    );
    await page.getByLabel('Token Contract Address').fill(nonTransferable.publicKey.toBase58());
    await page.getByRole('button', { name: 'Update Settings' }).click();
    // Refused at once: the mint is checked before the password is asked for, so no step-up dialog opens.
    const failed = panel.toast('Failed to update settings');
    await expect(failed).toBeVisible();
    await expect(panel.stepUp()).toHaveCount(0);
    // The server's sentence, at the field it is about (and in the toast).
    await expect(page.locator('#tokenContract_help')).toHaveText(
      'This token cannot be staked. Its mint uses NonTransferable: its tokens can never be transferred, so no deposit or payout could move them.',
    );
    await expect(page.getByLabel('Token Contract Address')).toHaveAttribute('aria-invalid', 'true');
    expect((await publicSettings()).tokenContract).toBe(readState().mint);
    await expect(mint).toContainText('Token programSPL Token');

    // The next refusal's toast replaces this one (one at a time), if it has not closed by itself meanwhile.
    await panel.choose('Language', 'Português');
    await page.getByRole('button', { name: 'Atualizar Configurações' }).click();
    await expect(panel.toast('Falha ao atualizar as configurações')).toBeVisible();
    await expect(panel.dialog('Confirme esta alteração')).toHaveCount(0);
    await expect(page.locator('#tokenContract_help')).toHaveText(
      'Este token não pode ser usado em staking. O mint dele usa NonTransferable: seus tokens nunca podem ser transferidos, então nenhum depósito ou pagamento conseguiria movê-los.',
    );
  });
});
