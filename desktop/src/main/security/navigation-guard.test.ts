import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebContents, resetFakeElectron, shell } from '../test/fake-electron.js';
import { guardNavigation } from './navigation-guard.js';

vi.mock('electron', () => import('../test/fake-electron.js'));

function guarded() {
  const contents = new FakeWebContents();
  guardNavigation(contents as never);
  return contents;
}

function navigate(contents: FakeWebContents, url: string, eventName = 'will-navigate') {
  const event = { preventDefault: vi.fn() };
  contents.emit(eventName, event, url);
  return event.preventDefault.mock.calls.length > 0 ? 'blocked' : 'allowed';
}

describe('navigation guard', () => {
  beforeEach(resetFakeElectron);

  it('blocks navigation away from the app and allows moving within it', () => {
    const contents = guarded();
    expect(navigate(contents, 'app://stakedesk/index.html')).toBe('allowed');
    expect(navigate(contents, 'https://evil.example.com/')).toBe('blocked');
    expect(navigate(contents, 'https://explorer.solana.com/tx/abc')).toBe('blocked');
    expect(navigate(contents, 'file:///etc/passwd')).toBe('blocked');
    expect(navigate(contents, 'app://stakedesk.evil.com/')).toBe('blocked');
    expect(navigate(contents, 'http://127.0.0.1:3000/', 'will-redirect')).toBe('blocked');
  });

  it('opens https explorer links in the system browser and never in a new window', () => {
    const contents = guarded();
    const url = 'https://explorer.solana.com/tx/5Nq3abc?cluster=devnet';
    expect(contents.windowOpenHandler!({ url })).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledWith(url);
  });

  it.each([
    'http://explorer.solana.com/tx/abc',
    'https://explorer.solana.com.evil.com/tx/abc',
    'https://evil.com/?https://explorer.solana.com/',
    'https://user@explorer.solana.com/tx/abc',
    'https://explorer.solana.com:8443/tx/abc',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'app://stakedesk/index.html',
    'not a url',
  ])('denies %s without opening anything', (url) => {
    const contents = guarded();
    expect(contents.windowOpenHandler!({ url })).toEqual({ action: 'deny' });
    expect(shell.openExternal).not.toHaveBeenCalled();
  });
});
