import { describe, expect, it, vi } from 'vitest';
import type { StakedeskBridge } from '../shared/bridge.js';
import { desktopPlatform } from './desktop-platform.js';

function fakeBridge(): { [K in keyof StakedeskBridge]: ReturnType<typeof vi.fn> } {
  return {
    tokenLoad: vi.fn(async () => 'jwt'),
    tokenSave: vi.fn(async () => undefined),
    tokenClear: vi.fn(async () => undefined),
    copyText: vi.fn(async () => undefined),
    openExternal: vi.fn(async () => undefined),
    notify: vi.fn(async () => undefined),
    setPendingCount: vi.fn(async () => undefined),
    saveCsv: vi.fn(async () => 'cancelled' as const),
    serverUrlGet: vi.fn(),
    serverUrlSet: vi.fn(),
    serverUrlCheck: vi.fn(),
    onServerSetupRequested: vi.fn(),
  };
}

describe('the desktop platform of the admin panel', () => {
  it('talks to the saved server and keeps the token through the bridge', async () => {
    const bridge = fakeBridge();
    const platform = desktopPlatform(bridge as unknown as StakedeskBridge, 'https://stakedesk.example.com');
    expect(platform.serverUrl).toBe('https://stakedesk.example.com');
    expect(await platform.tokenStore.load()).toBe('jwt');
    await platform.tokenStore.save('next');
    await platform.tokenStore.clear();
    expect(bridge.tokenSave).toHaveBeenCalledWith('next');
    expect(bridge.tokenClear).toHaveBeenCalledOnce();
  });

  it('hands clipboard, links, notices, the pending count and CSV files to the bridge', async () => {
    const bridge = fakeBridge();
    const platform = desktopPlatform(bridge as unknown as StakedeskBridge, 'https://stakedesk.example.com');
    await platform.copyText('7xKX');
    platform.openExternal('https://explorer.solana.com/tx/1');
    platform.notify({ title: 'New withdrawal request', body: '1,050 SDT' });
    platform.setPendingCount(2);
    expect(await platform.saveCsv('withdrawals.csv', 'id\n')).toBe('cancelled');
    expect(bridge.copyText).toHaveBeenCalledWith('7xKX');
    expect(bridge.openExternal).toHaveBeenCalledWith('https://explorer.solana.com/tx/1');
    expect(bridge.notify).toHaveBeenCalledWith({ title: 'New withdrawal request', body: '1,050 SDT' });
    expect(bridge.setPendingCount).toHaveBeenCalledWith(2);
    expect(bridge.saveCsv).toHaveBeenCalledWith('withdrawals.csv', 'id\n');
  });

  it('offers no wallet payouts: Electron has no wallet extensions, so a payout is pasted as a TXID', () => {
    expect(desktopPlatform(fakeBridge() as unknown as StakedeskBridge, 'https://x.example.com').walletPayouts).toBe(false);
  });

  it("offers no passkeys: its pages are app://stakedesk's, and a passkey made for the site answers only on the site", () => {
    expect(desktopPlatform(fakeBridge() as unknown as StakedeskBridge, 'https://x.example.com').passkeys).toBe(false);
  });

  it('does not leave a refused fire-and-forget call unhandled', async () => {
    const bridge = fakeBridge();
    bridge.openExternal.mockRejectedValue(new Error('only https://explorer.solana.com links open outside the app'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    desktopPlatform(bridge as unknown as StakedeskBridge, 'https://x.example.com').openExternal('https://evil.example.com/');
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('stakedesk.openExternal failed:', expect.any(Error)));
    warn.mockRestore();
  });
});
