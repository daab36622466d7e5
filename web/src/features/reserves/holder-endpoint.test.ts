import { describe, expect, it } from 'vitest';
import { endpointHost, holderEndpoint } from './holder-endpoint.js';

const settings = (holderRpcUrl: string) => ({ holderRpcUrl, solanaCluster: 'mainnet-beta' as const });

describe('the endpoint the dashboard reads the chain from', () => {
  it("is the one the settings name when it is not this site's", () => {
    expect(holderEndpoint(settings('https://rpc.example.org/?api-key=k'), 'stake.example.com')).toBe('https://rpc.example.org/?api-key=k');
    expect(holderEndpoint(settings('http://127.0.0.1:8899'), '127.0.0.1:3000')).toBe('http://127.0.0.1:8899');
  });

  it("is the cluster's public endpoint when the settings name this site or its relay, whatever the server says", () => {
    for (const url of [
      'https://stake.example.com/',
      'https://stake.example.com/api/rpc',
      'https://mirror.example.org/api/rpc',
      '/api/rpc',
      '',
    ])
      expect(holderEndpoint(settings(url), 'stake.example.com'), url).toBe('https://api.mainnet-beta.solana.com');
  });

  it('is named by its host alone', () => {
    expect(endpointHost('https://mainnet.helius-rpc.com/?api-key=secret')).toBe('mainnet.helius-rpc.com');
    expect(endpointHost('http://127.0.0.1:8899/')).toBe('127.0.0.1:8899');
  });
});
