import { describe, expect, it } from 'vitest';
import { maskRpcUrl, maskSecret, withoutUrlSecrets } from './url-secrets.js';

describe('withoutUrlSecrets', () => {
  it('cuts every URL in an error line to its origin, so no API key in a path or a query reaches a viewer', () => {
    expect(withoutUrlSecrets('request to https://mainnet.helius-rpc.com/?api-key=abc123 failed, reason: ETIMEDOUT')).toBe(
      'request to https://mainnet.helius-rpc.com/… failed, reason: ETIMEDOUT',
    );
    expect(withoutUrlSecrets("fetch 'https://x.quiknode.pro/SECRETTOKEN/' and http://127.0.0.1:8899/rpc?token=t")).toBe(
      "fetch 'https://x.quiknode.pro/…' and http://127.0.0.1:8899/…",
    );
    expect(withoutUrlSecrets('the RPC answered 502')).toBe('the RPC answered 502');
  });
});

describe('maskRpcUrl', () => {
  it('shows a provider URL with each key-like parameter masked, and a short secret not at all', () => {
    const bullets = encodeURIComponent('•'.repeat(8));
    expect(maskRpcUrl('https://rpc.example/?api-key=FAKEnot-a-real-keyTAIL')).toBe(`https://rpc.example/?api-key=FAKE${bullets}TAIL`);
    expect(maskSecret('short')).toBe('•••••');
    expect(maskRpcUrl('not a url but a secret')).toBe('not ••••••••cret');
  });
});
