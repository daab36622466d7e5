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
    expect(maskRpcUrl('https://mainnet.helius-rpc.com/?api-key=abcd1234efgh5678')).toBe(
      'https://mainnet.helius-rpc.com/?api-key=abcd%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A25678',
    );
    expect(maskSecret('short')).toBe('•••••');
    expect(maskRpcUrl('not a url but a secret')).toBe('not ••••••••cret');
  });
});
