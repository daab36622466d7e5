import bs58 from 'bs58';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnySchema } from 'yup';
import { LOGO_MAX_BYTES } from './constants.js';
import { normalizeDecimal } from './decimal.js';
import { MESSAGES } from './messages.js';
import {
  adminCreateSchema,
  adminLoginSchema,
  adminUpdateSchema,
  authVerifySchema,
  paginationSchema,
  passwordChangeSchema,
  planSchema,
  restakeSchema,
  settingsSchema,
  stakeCreateSchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  webhookSchema,
  withdrawalProcessSchema,
  withdrawalRequestSchema,
} from './schemas.js';
import { paramsSchemaOf } from './route-params.js';
import { validate } from './validate.js';

/** The path parameters of a route naming `:id`, and of one naming `:walletAddress`. */
const idParamSchema = paramsSchemaOf('GET /api/admin/audits/:id');
const walletAddressParamSchema = paramsSchemaOf('GET /api/withdrawals/:walletAddress');

const WALLET = 'So11111111111111111111111111111111111111112';
const MINT = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const SIGNATURE = bs58.encode(new Uint8Array(64).fill(7));
const PNG_LOGO = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

type Schema<T> = Parameters<typeof validate<T>>[0];

function valueOf<T>(schema: Schema<T>, input: unknown): T {
  const result = validate(schema, input);
  if (!result.ok) throw new Error(`expected valid input, got ${JSON.stringify(result.errors)}`);
  return result.value;
}

function errorsOf<T>(schema: Schema<T>, input: unknown): Record<string, string> {
  const result = validate(schema, input);
  return result.ok ? {} : result.errors;
}

const validPlan = {
  name: 'Gold',
  description: 'Best plan',
  yieldRate: '12.5',
  durationDays: 30,
  minStakeAmount: '100',
  earlyPenaltyRate: '10',
  isActive: true,
};

const validSettings = { tokenName: 'Stake Token', tokenSymbol: 'STK', tokenContract: MINT, stakingWallet: WALLET };

describe('every schema', () => {
  const schemas: ReadonlyArray<readonly [string, AnySchema, object]> = [
    ['adminLoginSchema', adminLoginSchema, { username: 'admin', password: 'secret1' }],
    ['settingsSchema', settingsSchema, validSettings],
    ['planSchema', planSchema, validPlan],
    ['adminCreateSchema', adminCreateSchema, { email: 'a@b.co', username: 'ann', password: 'secret1' }],
    ['stakeCreateSchema', stakeCreateSchema, { planId: 1, amount: '1000', walletAddress: WALLET, txId: SIGNATURE }],
    ['restakeSchema', restakeSchema, { originalStakeId: 1, planId: 2, walletAddress: WALLET }],
    ['withdrawalRequestSchema', withdrawalRequestSchema, { stakeId: 1, walletAddress: WALLET }],
    ['withdrawalProcessSchema', withdrawalProcessSchema, { status: 'completed', txId: SIGNATURE }],
    ['paginationSchema', paginationSchema, {}],
    ['idParamSchema', idParamSchema, { id: '1' }],
    ['walletAddressParamSchema', walletAddressParamSchema, { walletAddress: WALLET }],
    ['twoFactorEnableSchema', twoFactorEnableSchema, { code: '123456' }],
    ['twoFactorDisableSchema', twoFactorDisableSchema, { currentPassword: 'secret1', code: '123456' }],
    ['passwordChangeSchema', passwordChangeSchema, { currentPassword: 'secret1', newPassword: 'secret2' }],
  ];

  it.each(schemas)('%s accepts its valid example', (_name, schema, input) => {
    expect(validate(schema, input).ok).toBe(true);
  });

  it.each(schemas)('%s refuses unknown keys, one error per key', (_name, schema, input) => {
    expect(errorsOf(schema, { ...input, isAdmin: true, extra: 1 })).toEqual({
      isAdmin: 'Unknown field: isAdmin',
      extra: 'Unknown field: extra',
    });
  });

  it.each(schemas)('%s refuses __proto__ and constructor keys without being polluted', (_name, schema, input) => {
    // JSON.parse makes "__proto__" an own key, as a JSON request body would.
    const body = { ...JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}'), ...input };
    expect(Object.keys(body)).toContain('__proto__');
    expect(errorsOf(schema, body)).toEqual(
      JSON.parse('{"__proto__": "Unknown field: __proto__", "constructor": "Unknown field: constructor"}'),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each(schemas)('%s refuses a body that is not an object', (_name, schema) => {
    for (const body of [null, [], 'text', 42, true]) {
      expect(errorsOf(schema, body)).toEqual({ _root: MESSAGES.requestBodyMustBeObject });
    }
  });
});

describe('adminLoginSchema', () => {
  it('gives the form messages', () => {
    expect(errorsOf(adminLoginSchema, {})).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(errorsOf(adminLoginSchema, { username: '   ', password: '' })).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
  });

  it('trims the username but not the password', () => {
    expect(valueOf(adminLoginSchema, { username: ' admin ', password: ' pass word ' })).toEqual({
      username: 'admin',
      password: ' pass word ',
    });
  });

  it('refuses wrong types with a readable message', () => {
    expect(errorsOf(adminLoginSchema, { username: 12, password: { $ne: '' } })).toEqual({
      username: 'Username must be text',
      password: 'Password must be text',
    });
  });

  it('refuses a password longer than bcrypt reads (72 bytes)', () => {
    expect(validate(adminLoginSchema, { username: 'a', password: 'x'.repeat(72) }).ok).toBe(true);
    expect(errorsOf(adminLoginSchema, { username: 'a', password: 'x'.repeat(73) })).toEqual({
      password: 'Password must be at most 72 bytes',
    });
    // 24 three-byte characters = 72 bytes; one more is 75
    expect(validate(adminLoginSchema, { username: 'a', password: '€'.repeat(24) }).ok).toBe(true);
    expect(errorsOf(adminLoginSchema, { username: 'a', password: '€'.repeat(25) }).password).toBeDefined();
  });

  it('refuses huge strings', () => {
    expect(errorsOf(adminLoginSchema, { username: 'a'.repeat(1_000_000), password: 'x'.repeat(1_000_000) })).toEqual({
      username: 'Username must be at most 50 characters',
      password: 'Password must be at most 72 bytes',
    });
  });
});

describe('the second-factor code (login, step-up, two-factor)', () => {
  it('accepts a 6-digit code or a recovery code, spaces dropped and lower-cased', () => {
    expect(valueOf(adminLoginSchema, { username: 'a', password: 'b', code: ' 123 456 ' }).code).toBe('123456');
    expect(valueOf(twoFactorEnableSchema, { code: 'AB3DE-9XY2Z' }).code).toBe('ab3de-9xy2z');
  });

  it.each([123456, ['123456'], { code: '123456' }, true])('refuses %j with a field message, not a crash', (code) => {
    expect(errorsOf(adminLoginSchema, { username: 'a', password: 'b', code })).toEqual({ code: 'Code must be text' });
    expect(errorsOf(twoFactorDisableSchema, { currentPassword: 'x', code })).toEqual({ code: 'Code must be text' });
  });

  it.each(['12345', '1234567', 'abcdef', 'abcde_12345', 'abcde-1234'])('refuses the code %s', (code) => {
    expect(errorsOf(twoFactorEnableSchema, { code })).toEqual({ code: MESSAGES.twoFactorCodeFormat });
  });

  it('needs a code to enable, and the password and a code to disable', () => {
    expect(errorsOf(twoFactorEnableSchema, {})).toEqual({ code: MESSAGES.twoFactorCodeRequired });
    expect(errorsOf(twoFactorDisableSchema, {})).toEqual({
      currentPassword: MESSAGES.currentPasswordRequired,
      code: MESSAGES.twoFactorCodeRequired,
    });
  });

  it('holds a new password to the same length rules as an admin form', () => {
    expect(errorsOf(passwordChangeSchema, { currentPassword: 'x', newPassword: '12345' })).toEqual({
      newPassword: MESSAGES.passwordTooShort,
    });
    expect(errorsOf(passwordChangeSchema, { currentPassword: 'x', newPassword: 'x'.repeat(73) }).newPassword).toBeDefined();
    expect(errorsOf(passwordChangeSchema, {})).toEqual({
      currentPassword: MESSAGES.currentPasswordRequired,
      newPassword: MESSAGES.newPasswordRequired,
    });
  });

  it('accepts the three roles only', () => {
    const form = { email: 'a@b.co', username: 'ann', password: 'secret1' };
    for (const role of ['owner', 'operator', 'viewer']) expect(valueOf(adminCreateSchema, { ...form, role }).role).toBe(role);
    for (const role of ['admin', 'OWNER', 5, true])
      expect(errorsOf(adminCreateSchema, { ...form, role })).toEqual({ role: MESSAGES.roleInvalid });
  });
});

describe('settingsSchema', () => {
  it('gives the messages for the required fields', () => {
    expect(errorsOf(settingsSchema, {})).toEqual({
      tokenName: 'Token name is required',
      tokenSymbol: 'Token symbol is required',
      tokenContract: 'Token contract is required',
      stakingWallet: 'Staking wallet is required',
    });
  });

  it('applies the defaults and leaves absent optional fields absent', () => {
    expect(valueOf(settingsSchema, validSettings)).toEqual({
      ...validSettings,
    });
  });

  it('accepts a full form', () => {
    const full = {
      ...validSettings,
      tokenLogo: PNG_LOGO,
      heliusApiKey: '',
      heliusRpcUrl: 'https://mainnet.helius-rpc.com/?api-key=abc',
      supportEmail: ' help@example.com ',
      supportWhatsapp: '+55 11 99999-9999',
      supportTelegram: '@stake',
      maintenanceMode: true,
      maintenanceMessage: 'Back soon',
      maintenanceType: 'update',
      maintenanceEstimatedTime: '1 hour',
      socialLinks: { telegram: 'https://t.me/stake', discord: '', twitter: 'https://x.com/stake' },
      statsOffsetStaked: 5000,
      statsOffsetStakers: '7',
    };
    expect(valueOf(settingsSchema, full)).toMatchObject({
      supportEmail: 'help@example.com',
      maintenanceType: 'update',
      statsOffsetStaked: '5000',
      statsOffsetStakers: 7,
      tokenLogo: PNG_LOGO,
    });
  });

  it('requires Solana addresses for the token contract and the staking wallet', () => {
    expect(
      errorsOf(settingsSchema, { ...validSettings, tokenContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', stakingWallet: 'abc' }),
    ).toEqual({
      tokenContract: 'Token contract must be a valid Solana address',
      stakingWallet: 'Staking wallet must be a valid Solana address',
    });
  });

  it('takes an empty support email but not an invalid one', () => {
    expect(validate(settingsSchema, { ...validSettings, supportEmail: '' }).ok).toBe(true);
    expect(errorsOf(settingsSchema, { ...validSettings, supportEmail: 'not-an-email' })).toEqual({
      supportEmail: 'Support email must be a valid email address',
    });
  });

  it('refuses an SVG logo', () => {
    const svg = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`;
    expect(errorsOf(settingsSchema, { ...validSettings, tokenLogo: svg })).toEqual({
      tokenLogo: 'SVG images are not allowed; use PNG, JPEG, WebP or GIF',
    });
  });

  it('refuses a logo over 5MB with its message', () => {
    const big = `data:image/png;base64,${btoa(`\x89PNG\r\n\x1a\n${'\0'.repeat(LOGO_MAX_BYTES)}`)}`;
    expect(errorsOf(settingsSchema, { ...validSettings, tokenLogo: big })).toEqual({
      tokenLogo: 'Please select an image smaller than 5MB',
    });
  });

  it('reads an empty or null logo as "no logo"', () => {
    expect(valueOf(settingsSchema, { ...validSettings, tokenLogo: '' }).tokenLogo).toBeNull();
    expect(valueOf(settingsSchema, { ...validSettings, tokenLogo: null }).tokenLogo).toBeNull();
    expect(valueOf(settingsSchema, validSettings)).not.toHaveProperty('tokenLogo');
  });

  it('takes an empty or https RPC URL only (the server sends the provider key to it)', () => {
    expect(validate(settingsSchema, { ...validSettings, heliusRpcUrl: '' }).ok).toBe(true);
    expect(validate(settingsSchema, { ...validSettings, heliusRpcUrl: 'https://mainnet.helius-rpc.com/?api-key=abc' }).ok).toBe(true);
    for (const heliusRpcUrl of [
      'http://127.0.0.1:8899',
      'http://rpc.example.com',
      'javascript:alert(1)',
      'ftp://x.y',
      'mainnet.helius-rpc.com',
      'https://',
    ]) {
      expect(errorsOf(settingsSchema, { ...validSettings, heliusRpcUrl })).toEqual({
        heliusRpcUrl: 'Helius RPC URL must be an https URL',
      });
    }
  });

  it('takes https social links only and refuses unknown networks', () => {
    expect(
      errorsOf(settingsSchema, {
        ...validSettings,
        socialLinks: { telegram: 'http://t.me/x', tiktok: 'javascript:alert(1)', myspace: 'https://myspace.com' },
      }),
    ).toEqual({
      'socialLinks.telegram': 'Telegram link must be an https URL',
      'socialLinks.tiktok': 'TikTok link must be an https URL',
      'socialLinks.myspace': 'Unknown field: myspace',
    });
    expect(errorsOf(settingsSchema, { ...validSettings, socialLinks: 'https://t.me/x' })).toEqual({
      socialLinks: 'Social links must be an object',
    });
  });

  it('refuses a maintenance type other than maintenance or update', () => {
    expect(errorsOf(settingsSchema, { ...validSettings, maintenanceType: 'outage' })).toEqual({
      maintenanceType: "Maintenance type must be 'maintenance' or 'update'",
    });
  });

  it('refuses a non-boolean maintenance switch', () => {
    expect(errorsOf(settingsSchema, { ...validSettings, maintenanceMode: 'true' })).toEqual({
      maintenanceMode: 'Maintenance mode must be true or false',
    });
  });

  it('checks lengths', () => {
    expect(validate(settingsSchema, { ...validSettings, tokenName: 'n'.repeat(100) }).ok).toBe(true);
    expect(
      errorsOf(settingsSchema, {
        ...validSettings,
        tokenName: 'n'.repeat(101),
        tokenSymbol: 'S'.repeat(21),
        maintenanceMessage: 'm'.repeat(1001),
      }),
    ).toEqual({
      tokenName: 'Token name must be at most 100 characters',
      tokenSymbol: 'Token symbol must be at most 20 characters',
      maintenanceMessage: 'Maintenance message must be at most 1000 characters',
    });
  });

  it('checks the stats offsets', () => {
    expect(errorsOf(settingsSchema, { ...validSettings, statsOffsetStaked: '-1', statsOffsetStakers: -1 })).toEqual({
      statsOffsetStaked: 'Total staked offset must be at least 0',
      statsOffsetStakers: 'Stakers offset must be at least 0',
    });
    expect(errorsOf(settingsSchema, { ...validSettings, statsOffsetStaked: 1.5, statsOffsetStakers: 1.5 })).toEqual({
      statsOffsetStaked: 'Total staked offset must be a whole number',
      statsOffsetStakers: 'Stakers offset must be a whole number',
    });
  });
});

describe('planSchema', () => {
  it('gives the messages for the required fields', () => {
    const expected = {
      name: 'Plan name is required',
      yieldRate: 'Yield rate is required',
      durationDays: 'Duration is required',
      minStakeAmount: 'Minimum stake amount is required',
      earlyPenaltyRate: 'Early penalty rate is required',
    };
    expect(errorsOf(planSchema, {})).toEqual(expected);
    expect(errorsOf(planSchema, { name: ' ', yieldRate: '', durationDays: '', minStakeAmount: '', earlyPenaltyRate: '' })).toEqual(
      expected,
    );
    expect(errorsOf(planSchema, { name: null, yieldRate: null, durationDays: null, minStakeAmount: null, earlyPenaltyRate: null })).toEqual(
      expected,
    );
  });

  it('converts numbers and strings to canonical decimal strings', () => {
    expect(
      valueOf(planSchema, { ...validPlan, yieldRate: 12.5, minStakeAmount: 0.00000001, earlyPenaltyRate: '10.00', durationDays: '30' }),
    ).toMatchObject({
      yieldRate: '12.5',
      minStakeAmount: '0.00000001',
      earlyPenaltyRate: '10',
      durationDays: 30,
    });
    expect(valueOf(planSchema, { ...validPlan, minStakeAmount: '100.00000000' }).minStakeAmount).toBe('100');
  });

  it('leaves an absent isActive absent (the stored state is kept) and reads an empty description as null', () => {
    const { isActive: _isActive, ...rest } = validPlan;
    const value = valueOf(planSchema, { ...rest, description: '' });
    expect(value).toMatchObject({ description: null });
    expect(value).not.toHaveProperty('isActive');
    expect(valueOf(planSchema, { ...rest, description: null }).description).toBeNull();
  });

  it.each([
    ['yieldRate', '0', 'Yield rate must be greater than 0'],
    ['yieldRate', '-5', 'Yield rate must be greater than 0'],
    ['yieldRate', '1000.01', 'Yield rate must be at most 1000'],
    ['yieldRate', '12.345', 'Yield rate must have at most 2 decimal places'],
    ['yieldRate', 0.1 + 0.2, 'Yield rate must have at most 2 decimal places'],
    ['yieldRate', '1e3', 'Yield rate must be a number'],
    ['yieldRate', 'abc', 'Yield rate must be a number'],
    ['yieldRate', true, 'Yield rate must be a number'],
    ['yieldRate', [12], 'Yield rate must be a number'],
    ['durationDays', 0, 'Duration must be at least 1'],
    ['durationDays', 3651, 'Duration must be at most 3650'],
    ['durationDays', 1.5, 'Duration must be a whole number'],
    ['durationDays', '30 days', 'Duration must be a whole number'],
    ['durationDays', '0x10', 'Duration must be a whole number'],
    ['durationDays', [30], 'Duration must be a whole number'],
    ['minStakeAmount', '0', 'Minimum stake amount must be greater than 0'],
    ['minStakeAmount', '0.000000001', 'Minimum stake amount must have at most 8 decimal places'],
    ['minStakeAmount', '1000000000000000', 'Minimum stake amount must have at most 15 digits before the decimal point'],
    ['earlyPenaltyRate', '-1', 'Early penalty rate must be at least 0'],
    ['earlyPenaltyRate', '100', 'Early penalty must be less than 100%'],
    ['earlyPenaltyRate', '100.00', 'Early penalty must be less than 100%'],
    ['earlyPenaltyRate', 100, 'Early penalty must be less than 100%'],
    ['earlyPenaltyRate', '100.01', 'Early penalty must be less than 100%'],
    ['earlyPenaltyRate', '250', 'Early penalty must be less than 100%'],
    ['earlyPenaltyRate', '0.001', 'Early penalty rate must have at most 2 decimal places'],
    // A negative cap is below its minimum: it says so, not that it is not a whole number.
    ['maxTotalStaked', '-5', 'Max total staked must be at least 1'],
    ['maxTotalStaked', '0', 'Max total staked must be at least 1'],
    ['maxTotalStaked', '10.5', 'Max total staked must be a whole number'],
    ['maxPerWallet', '-2.5', 'Max per wallet must be at least 1'],
    ['isActive', 'yes', 'Active must be true or false'],
    ['name', 'n'.repeat(101), 'Plan name must be at most 100 characters'],
    ['description', 'd'.repeat(1001), 'Description must be at most 1000 characters'],
  ])('refuses %s = %j', (field, value, message) => {
    expect(errorsOf(planSchema, { ...validPlan, [field]: value })).toEqual({ [field]: message });
  });

  it('refuses enormous numbers quickly', () => {
    const started = Date.now();
    expect(errorsOf(planSchema, { ...validPlan, yieldRate: '9'.repeat(1_000_000), minStakeAmount: '9'.repeat(1_000_000) })).toEqual({
      yieldRate: 'Yield rate must be at most 1000',
      minStakeAmount: 'Minimum stake amount must have at most 15 digits before the decimal point',
    });
    expect(errorsOf(planSchema, { ...validPlan, earlyPenaltyRate: `0.${'0'.repeat(1_000_000)}1` })).toEqual({
      earlyPenaltyRate: 'Early penalty rate must have at most 2 decimal places',
    });
    expect(errorsOf(planSchema, { ...validPlan, earlyPenaltyRate: '9'.repeat(1_000_000) })).toEqual({
      earlyPenaltyRate: 'Early penalty must be less than 100%',
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('gives the same canonical string for a rate sent as text or as a JSON number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (hundredths) => {
        const text = `${Math.trunc(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
        const fromText = valueOf(planSchema, { ...validPlan, yieldRate: text }).yieldRate;
        const fromNumber = valueOf(planSchema, { ...validPlan, yieldRate: Number(text) }).yieldRate;
        expect(fromText).toBe(normalizeDecimal(text));
        expect(fromNumber).toBe(fromText);
      }),
    );
  });

  it.each([
    ['yieldRate', '1000'],
    ['yieldRate', '0.01'],
    ['durationDays', 1],
    ['durationDays', 3650],
    ['minStakeAmount', '999999999999999.99999999'],
    ['minStakeAmount', '0.00000001'],
    ['earlyPenaltyRate', '0'],
    ['earlyPenaltyRate', '99.99'],
    ['earlyPenaltyRate', 99.99],
  ])('accepts %s = %j at its bound', (field, value) => {
    expect(validate(planSchema, { ...validPlan, [field]: value }).ok).toBe(true);
  });
});

describe('adminCreateSchema and adminUpdateSchema', () => {
  it.each([adminCreateSchema, adminUpdateSchema])('gives the form messages', (schema) => {
    expect(errorsOf(schema, {})).toEqual({ email: 'Valid email is required', username: 'Username is required' });
    expect(errorsOf(schema, { email: 'nope', username: 'ann', password: '12345' })).toEqual({
      email: 'Valid email is required',
      password: 'Password must be at least 6 characters',
    });
  });

  it.each([adminCreateSchema, adminUpdateSchema])('accepts an empty or absent password', (schema) => {
    expect(valueOf(schema, { email: 'a@b.co', username: 'ann', password: '' }).password).toBe('');
    expect(valueOf(schema, { email: 'a@b.co', username: 'ann' }).password).toBeUndefined();
    expect(valueOf(schema, { email: 'a@b.co', username: 'ann', password: '123456' }).password).toBe('123456');
  });

  it('checks lengths', () => {
    expect(errorsOf(adminCreateSchema, { email: `${'e'.repeat(250)}@b.co`, username: 'u'.repeat(51) })).toEqual({
      email: 'Email must be at most 254 characters',
      username: 'Username must be at most 50 characters',
    });
  });
});

describe('stakeCreateSchema', () => {
  const stake = { planId: 1, amount: '1000', walletAddress: WALLET, txId: SIGNATURE, status: 'active' };

  it('accepts a stake and converts an integer amount to a string', () => {
    expect(valueOf(stakeCreateSchema, { ...stake, amount: 1000, planId: '1' })).toEqual({ ...stake, amount: '1000' });
  });

  it('requires every field', () => {
    expect(errorsOf(stakeCreateSchema, {})).toEqual({
      planId: 'Staking plan is required',
      amount: 'Amount is required',
      walletAddress: 'Wallet address is required',
      txId: 'Transaction ID is required',
    });
  });

  it.each([
    ['amount', '1000.5', 'Amount must be a whole number of tokens'],
    ['amount', 1000.5, 'Amount must be a whole number of tokens'],
    ['amount', '-5', 'Amount must be at least 1 token'],
    ['amount', -5, 'Amount must be at least 1 token'],
    ['amount', '1e3', 'Amount must be a whole number of tokens'],
    ['amount', {}, 'Amount must be a whole number of tokens'],
    ['amount', '0', 'Amount must be at least 1 token'],
    ['amount', '1000000000000000', 'Amount must have at most 15 digits'],
    ['amount', 1e21, 'Amount must have at most 15 digits'],
    ['planId', 0, 'Plan must be a positive whole number'],
    ['planId', -1, 'Plan must be a positive whole number'],
    ['planId', 1.5, 'Plan must be a positive whole number'],
    ['planId', 2147483648, 'Plan must be a positive whole number'],
    ['walletAddress', 'not-a-wallet', 'Invalid wallet address'],
    ['walletAddress', 42, 'Invalid wallet address'],
    ['txId', 'restake_1', 'Invalid transaction id'],
    ['txId', WALLET, 'Invalid transaction id'],
    ['status', 'completed', "A new stake's status can only be 'active'"],
  ])('refuses %s = %j', (field, value, message) => {
    expect(errorsOf(stakeCreateSchema, { ...stake, [field]: value })).toEqual({ [field]: message });
  });

  it('accepts the largest 15-digit amount exactly', () => {
    expect(valueOf(stakeCreateSchema, { ...stake, amount: '999999999999999' }).amount).toBe('999999999999999');
    expect(valueOf(stakeCreateSchema, { ...stake, amount: 999999999999999 }).amount).toBe('999999999999999');
  });
});

describe('restakeSchema', () => {
  it('requires both ids and the wallet', () => {
    expect(errorsOf(restakeSchema, {})).toEqual({
      originalStakeId: 'Original stake is required',
      planId: 'Staking plan is required',
      walletAddress: 'Wallet address is required',
    });
    expect(errorsOf(restakeSchema, { originalStakeId: 'abc', planId: 1, walletAddress: WALLET })).toEqual({
      originalStakeId: 'Original stake must be a positive whole number',
    });
  });
});

describe('withdrawalRequestSchema', () => {
  const request = { stakeId: 3, walletAddress: WALLET, amount: '1000', finalAmount: '900', penaltyAmount: '100', status: 'pending' };

  it('accepts whole-number strings and converts numbers', () => {
    expect(valueOf(withdrawalRequestSchema, { ...request, amount: 1000, penaltyAmount: 0 })).toEqual({
      ...request,
      amount: '1000',
      penaltyAmount: '0',
    });
  });

  it('refuses decimals and other statuses', () => {
    expect(errorsOf(withdrawalRequestSchema, { ...request, finalAmount: '900.5', penaltyAmount: '-1', status: 'completed' })).toEqual({
      finalAmount: 'Final amount must be a whole number',
      penaltyAmount: 'Penalty amount must be at least 0',
      status: "A new withdrawal's status can only be 'pending'",
    });
  });
});

describe('withdrawalProcessSchema', () => {
  it('requires a valid txId to complete', () => {
    expect(errorsOf(withdrawalProcessSchema, { status: 'completed' })).toEqual({ txId: 'Transaction ID is required' });
    expect(errorsOf(withdrawalProcessSchema, { status: 'completed', txId: '  ' })).toEqual({ txId: 'Transaction ID is required' });
    expect(errorsOf(withdrawalProcessSchema, { status: 'completed', txId: 'abc' })).toEqual({ txId: 'Invalid transaction id' });
    expect(valueOf(withdrawalProcessSchema, { status: 'completed', txId: ` ${SIGNATURE} ` })).toEqual({
      status: 'completed',
      txId: SIGNATURE,
    });
  });

  it('requires a reason to reject and refuses a txId then', () => {
    expect(errorsOf(withdrawalProcessSchema, { status: 'rejected' })).toEqual({
      reason: 'A reason is required to reject a withdrawal',
    });
    expect(errorsOf(withdrawalProcessSchema, { status: 'rejected', reason: 'Wrong wallet', txId: SIGNATURE })).toEqual({
      txId: 'A transaction ID is only accepted when completing a withdrawal',
    });
    expect(valueOf(withdrawalProcessSchema, { status: 'rejected', reason: ' Wrong wallet ' })).toEqual({
      status: 'rejected',
      reason: 'Wrong wallet',
    });
    expect(errorsOf(withdrawalProcessSchema, { status: 'rejected', reason: 'r'.repeat(501) })).toEqual({
      reason: 'Reason must be at most 500 characters',
    });
  });

  it('refuses a reason when completing', () => {
    expect(errorsOf(withdrawalProcessSchema, { status: 'completed', txId: SIGNATURE, reason: 'why' })).toEqual({
      reason: 'A reason is only accepted when rejecting a withdrawal',
    });
  });

  it('requires a known status', () => {
    expect(errorsOf(withdrawalProcessSchema, {})).toEqual({ status: 'Status is required' });
    expect(errorsOf(withdrawalProcessSchema, { status: 'pending' })).toEqual({
      status: "Status must be 'completed' or 'rejected'",
    });
  });
});

describe('paginationSchema', () => {
  it('defaults to 100 and 0', () => {
    expect(valueOf(paginationSchema, {})).toEqual({ limit: 100, offset: 0 });
    expect(valueOf(paginationSchema, { limit: '', offset: '' })).toEqual({ limit: 100, offset: 0 });
  });

  it('reads query strings', () => {
    expect(valueOf(paginationSchema, { limit: '1000', offset: '25' })).toEqual({ limit: 1000, offset: 25 });
    expect(valueOf(paginationSchema, { limit: '1' })).toEqual({ limit: 1, offset: 0 });
  });

  it('refuses values beyond the bounds', () => {
    expect(errorsOf(paginationSchema, { limit: '1001', offset: '-1' })).toEqual({
      limit: 'Limit must be at most 1000',
      offset: 'Offset must be at least 0',
    });
    expect(errorsOf(paginationSchema, { limit: '0', offset: '1.5' })).toEqual({
      limit: 'Limit must be at least 1',
      offset: 'Offset must be a whole number',
    });
    expect(errorsOf(paginationSchema, { limit: ['1', '2'] })).toEqual({ limit: 'Limit must be a whole number' });
  });
});

describe('idParamSchema', () => {
  it('reads a positive integer from its string form', () => {
    expect(valueOf(idParamSchema, { id: '12' })).toEqual({ id: 12 });
    expect(valueOf(idParamSchema, { id: '2147483647' })).toEqual({ id: 2147483647 });
  });

  it.each(['12abc', '-1', '0', '1.5', '', ' ', '1e3', '0x10', '+1', '012', '2147483648', '99999999999999999999'])('refuses %j', (id) => {
    expect(errorsOf(idParamSchema, { id })).toEqual({ id: 'Id must be a positive whole number' });
  });
});

describe('walletAddressParamSchema', () => {
  it('accepts a Solana address and refuses anything else', () => {
    expect(valueOf(walletAddressParamSchema, { walletAddress: WALLET })).toEqual({ walletAddress: WALLET });
    expect(errorsOf(walletAddressParamSchema, { walletAddress: 'x'.repeat(100_000) })).toEqual({
      walletAddress: 'Invalid wallet address',
    });
  });
});

describe('authVerifySchema', () => {
  it('keeps the signed message byte for byte', () => {
    const message = ' stakedesk.example wants you to sign in \n';
    expect(valueOf(authVerifySchema, { walletAddress: WALLET, message, signature: SIGNATURE }).message).toBe(message);
    expect(errorsOf(authVerifySchema, { walletAddress: WALLET, message: '', signature: 'abc' })).toEqual({
      message: 'Sign-in message is required',
      signature: 'Invalid signature',
    });
  });
});

describe('webhookSchema', () => {
  const hook = { url: 'https://alerts.example.com/in', kind: 'standard', events: ['login.throttled', 'payout.failed'] };

  it('takes a kind, a URL and the events chosen, each once', () => {
    expect(valueOf(webhookSchema, hook)).toEqual(hook);
    expect(valueOf(webhookSchema, { ...hook, kind: 'telegram', url: '', secret: '1:abc', chatId: ' -100 ' })).toEqual({
      ...hook,
      kind: 'telegram',
      url: '',
      secret: '1:abc',
      chatId: '-100',
    });
  });

  it('refuses an unknown kind or event, no events, an event twice, and a URL that is not http(s)', () => {
    const errors = (input: object) => errorsOf(webhookSchema, { ...hook, ...input });
    expect(errors({ kind: 'email' })).toEqual({ kind: "Kind must be 'standard', 'telegram', 'slack' or 'discord'" });
    expect(errors({ events: ['payout.lost'] })).toEqual({ 'events[0]': 'Unknown alert event' });
    expect(errors({ events: [] })).toEqual({ events: 'Choose at least one event' });
    expect(errors({ events: ['payout.failed', 'payout.failed'] })).toEqual({ events: 'Events lists a value more than once' });
    expect(errors({ url: 'ftp://alerts.example.com' })).toEqual({ url: 'Webhook URL must be an http(s) URL' });
  });
});
