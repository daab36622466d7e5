import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { english } from '@stakedesk/shared/i18n/catalogue';
import { describe, expect, it } from 'vitest';
import { webhookAddress } from './webhook-address.js';

/** A DNS that answers what the test says, name by name. */
const dns = (answers: Record<string, string[]>) => async (host: string) => answers[host] ?? Promise.reject(new Error('ENOTFOUND'));

describe('the webhook URL rule', () => {
  const address = webhookAddress(false, dns({ 'alerts.example.com': ['93.184.216.34'], 'inside.example.com': ['10.0.0.7'] }));

  it('takes https to a public address, and refuses http, private addresses and names that do not resolve', async () => {
    expect(await address.refuse('https://alerts.example.com/in')).toBeUndefined();
    const refusal = async (url: string) => english((await address.refuse(url))!);
    expect(await refusal('http://alerts.example.com/in')).toBe('A webhook URL must start with https://');
    expect(await refusal('https://inside.example.com/in')).toMatch(/must point to a public address/);
    expect(await refusal('https://127.0.0.1/in')).toMatch(/must point to a public address/);
    expect(await refusal('https://nowhere.example.com/in')).toBe('The host name of the webhook URL cannot be resolved');
  });

  it('checks again when it connects: a receiver on this machine is never sent to, unless ALLOW_PRIVATE_RPC is set', async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests++;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`;
    try {
      await expect(address.fetch(url, { method: 'POST', body: '{}' })).rejects.toThrow();
      expect(requests).toBe(0);
      expect((await webhookAddress(true).fetch(url, { method: 'POST', body: '{}' })).status).toBe(200);
      expect(await webhookAddress(true).refuse(url)).toBeUndefined();
      expect(requests).toBe(1);
    } finally {
      server.close();
    }
  });
});
