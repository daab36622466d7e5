import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, ownUrl } from './config.js';

// A JWT_SECRET keeps loadConfig from writing a generated one into DATA_DIR.
const load = (env: Record<string, string>) => loadConfig({ JWT_SECRET: 'x'.repeat(32), ...env });

describe('PUBLIC_URL', () => {
  it('is unset by default: the server then names its own URL', () => {
    expect(load({}).publicUrl).toBeUndefined();
    expect(load({ PUBLIC_URL: '' }).publicUrl).toBeUndefined();
  });

  it.each([
    ['https://stake.example.com', 'https://stake.example.com'],
    ['https://stake.example.com/', 'https://stake.example.com'],
    ['https://Stake.Example.COM:443', 'https://stake.example.com'],
    ['https://stake.example.com:8443', 'https://stake.example.com:8443'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
  ])('reads %s as the origin %s', (raw, origin) => {
    expect(load({ PUBLIC_URL: raw }).publicUrl).toBe(origin);
  });

  it.each([
    'stake.example.com',
    'ftp://stake.example.com',
    'javascript:alert(1)',
    'https://stake.example.com/app',
    'https://stake.example.com/?next=x',
    'https://stake.example.com?',
    'https://stake.example.com#top',
    'https://user:pass@stake.example.com',
    'https://',
  ])('refuses %s with a ConfigError that says what it wants', (raw) => {
    expect(() => load({ PUBLIC_URL: raw })).toThrow(ConfigError);
    expect(() => load({ PUBLIC_URL: raw })).toThrow(
      /^PUBLIC_URL must be an http\(s\) origin such as https:\/\/stake\.example\.com \(no path or query\), got '/,
    );
  });
});

describe('ownUrl', () => {
  it('is the URL a server listening on that host and port answers at', () => {
    expect(ownUrl('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000');
    expect(ownUrl('::1', 4000)).toBe('http://[::1]:4000');
  });
});

describe('INTENT_RATE_LIMIT', () => {
  it('is 30 deposits started per client and minute unless set', () => {
    expect(load({}).intentRateLimit).toBe(30);
    expect(load({ INTENT_RATE_LIMIT: '5' }).intentRateLimit).toBe(5);
  });

  it.each(['0', '-1', '1.5', 'many'])('refuses %s', (raw) => {
    expect(() => load({ INTENT_RATE_LIMIT: raw })).toThrow(/^INTENT_RATE_LIMIT must be a positive whole number/);
  });
});

describe('DATABASE_LISTEN_URL', () => {
  it('is unset unless given (the LISTEN connection then goes to DATABASE_URL), and read as given', () => {
    expect(load({ DATABASE_URL: 'postgres://app@pgbouncer:6432/stakedesk' }).databaseListenUrl).toBeUndefined();
    expect(load({ DATABASE_LISTEN_URL: 'postgres://app@db:5432/stakedesk' }).databaseListenUrl).toBe('postgres://app@db:5432/stakedesk');
  });
});

describe('BACKUP_DIR and BACKUP_KEEP_DAYS (DESIGN 19)', () => {
  it('keep a week of backups in DATA_DIR/backups unless told', () => {
    expect(load({ DATA_DIR: '/srv/stakedesk' })).toMatchObject({ backupDir: '/srv/stakedesk/backups', backupKeepDays: 7 });
    expect(load({ DATA_DIR: '/srv/stakedesk', BACKUP_DIR: '/mnt/backups/stakedesk', BACKUP_KEEP_DAYS: '30' })).toMatchObject({
      backupDir: '/mnt/backups/stakedesk',
      backupKeepDays: 30,
    });
  });

  it('refuse a backup directory inside the data directory it backs up, and a keep that is not a number of days', () => {
    expect(() => load({ DATA_DIR: '/srv/stakedesk', BACKUP_DIR: '/srv/stakedesk/postgres/backups' })).toThrow(
      new ConfigError(
        "BACKUP_DIR must not be inside the embedded PostgreSQL's data directory /srv/stakedesk/postgres, got '/srv/stakedesk/postgres/backups'",
      ),
    );
    expect(() => load({ BACKUP_KEEP_DAYS: '0' })).toThrow(new ConfigError("BACKUP_KEEP_DAYS must be a positive whole number, got '0'"));
    expect(() => load({ BACKUP_KEEP_DAYS: 'week' })).toThrow(/BACKUP_KEEP_DAYS must be a positive whole number/);
  });
});

describe('the demo (DESIGN 16) and production', () => {
  const SENTENCE =
    "NODE_ENV=production refuses the demo's settings (DEMO_MODE, or the data directory .data-demo): unset DEMO_MODE and set DATA_DIR to the production data directory";

  it('refuses DEMO_MODE in production, in one sentence', () => {
    expect(() => load({ NODE_ENV: 'production', DEMO_MODE: '1' })).toThrow(new ConfigError(SENTENCE));
  });

  it("refuses the demo's data directory in production, wherever it is", () => {
    expect(() => load({ NODE_ENV: 'production', DATA_DIR: './.data-demo' })).toThrow(new ConfigError(SENTENCE));
    expect(() => load({ NODE_ENV: 'production', DATA_DIR: '/srv/stakedesk/.data-demo/' })).toThrow(new ConfigError(SENTENCE));
  });

  it('takes the demo outside production, and is not a demo unless DEMO_MODE says so', () => {
    expect(load({ DEMO_MODE: '1', DATA_DIR: './.data-demo' }).demo).toBe(true);
    expect(load({}).demo).toBe(false);
    expect(load({ NODE_ENV: 'production', DATA_DIR: '/srv/stakedesk/data' }).demo).toBe(false);
  });
});

describe('SOLANA_VERIFY_RPC_URL', () => {
  it('is unset by default: the first provider is trusted alone', () => {
    expect(load({}).solanaVerifyRpcUrl).toBeUndefined();
  });

  it('names a second provider', () => {
    const env = { SOLANA_RPC_URL: 'https://mainnet.helius-rpc.com/?api-key=k', SOLANA_VERIFY_RPC_URL: 'https://solana-rpc.publicnode.com' };
    expect(load(env).solanaVerifyRpcUrl).toBe('https://solana-rpc.publicnode.com/');
  });

  it.each([
    ['the first provider again, with another key', 'https://mainnet.helius-rpc.com/?api-key=other', /another provider than SOLANA_RPC_URL/],
    [
      'not a URL (and not repeated: it may carry a key)',
      'helius api-key=secret',
      /^SOLANA_VERIFY_RPC_URL must be the http\(s\) URL of a second RPC provider$/,
    ],
    ['another scheme', 'wss://solana-rpc.publicnode.com', /^SOLANA_VERIFY_RPC_URL must be the http\(s\) URL/],
  ])('refuses %s', (_, raw, message) => {
    expect(() => load({ SOLANA_RPC_URL: 'https://mainnet.helius-rpc.com/?api-key=k', SOLANA_VERIFY_RPC_URL: raw })).toThrow(message);
  });
});
