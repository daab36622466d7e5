import { describe, expect, it } from 'vitest';
import { CLUSTER_PUBLIC_RPC, holderRpcEndpoint, holderRpcUrlRefusal } from './holder-rpc.js';

const SITE = { ownHosts: ['stake.example.com', '127.0.0.1:3000'], allowHttp: false };
const refusal = (url: string, rule = SITE) => holderRpcUrlRefusal(url, rule)?.code;

describe("the holders' chain endpoint", () => {
  it("is the saved one, or the cluster's public endpoint when none is saved", () => {
    expect(holderRpcEndpoint('', 'mainnet-beta')).toBe('https://api.mainnet-beta.solana.com');
    expect(holderRpcEndpoint('', 'devnet')).toBe(CLUSTER_PUBLIC_RPC.devnet);
    expect(holderRpcEndpoint('https://rpc.example.org/', 'devnet')).toBe('https://rpc.example.org/');
  });

  it('may be any https endpoint the server does not answer at', () => {
    expect(refusal('https://api.mainnet-beta.solana.com')).toBeUndefined();
    expect(refusal('https://mainnet.helius-rpc.com/?api-key=abc')).toBeUndefined();
    expect(refusal('https://stake.example.com.evil.example/')).toBeUndefined();
    expect(refusal('https://127.0.0.1:3001/')).toBeUndefined();
  });

  it('is never the server itself, at any path, whatever way its host is written', () => {
    for (const url of [
      'https://stake.example.com',
      'https://STAKE.example.com/rpc',
      'https://stake.example.com:443/x',
      'https://127.0.0.1:3000/',
    ])
      expect(refusal(url), url).toBe('holderRpcUrlOwnServer');
  });

  it("is never the server's RPC relay, at any host (another name of the same server)", () => {
    for (const url of [
      'https://other.example.org/api/rpc',
      'https://other.example.org/API/RPC/',
      'https://other.example.org//api//rpc?x=1',
    ])
      expect(refusal(url), url).toBe('holderRpcUrlOwnServer');
    expect(refusal('https://other.example.org/api/rpcs')).toBeUndefined();
  });

  it('is https, unless a local chain is allowed (ALLOW_PRIVATE_RPC)', () => {
    expect(refusal('http://rpc.example.org')).toBe('holderRpcUrlNotHttps');
    expect(refusal('http://127.0.0.1:8899', { ...SITE, allowHttp: true })).toBeUndefined();
    expect(refusal('http://127.0.0.1:3000', { ...SITE, allowHttp: true })).toBe('holderRpcUrlOwnServer');
  });

  it('is an absolute http(s) URL', () => {
    for (const url of ['/api/rpc', 'rpc.example.org', 'ftp://rpc.example.org', 'javascript:alert(1)', 'wss://rpc.example.org'])
      expect(refusal(url), url).toBe('holderRpcUrlInvalid');
  });
});
