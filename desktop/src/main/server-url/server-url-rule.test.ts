import { describe, expect, it } from 'vitest';
import { parseServerUrl } from './server-url-rule.js';

describe('the server URL rule', () => {
  it.each([
    ['https://stakedesk.example.com', 'https://stakedesk.example.com'],
    ['  https://stakedesk.example.com/  ', 'https://stakedesk.example.com'],
    ['https://stakedesk.example.com:8443', 'https://stakedesk.example.com:8443'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['http://localhost:3000/', 'http://localhost:3000'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
  ])('accepts %s as the origin %s', (input, origin) => {
    expect(parseServerUrl(input)).toEqual({ ok: true, origin });
  });

  it.each([
    '',
    'stakedesk.example.com',
    'ftp://stakedesk.example.com',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'https://stakedesk.example.com/admin',
    'https://stakedesk.example.com/?a=1',
    'https://stakedesk.example.com/#x',
    'https://admin:pw@stakedesk.example.com',
    `https://${'a'.repeat(600)}.com`,
  ])('refuses %s: not a bare http(s) origin', (input) => {
    expect(parseServerUrl(input)).toEqual({ ok: false, reason: 'invalid-url' });
  });

  it('refuses plain http to another computer', () => {
    expect(parseServerUrl('http://192.168.1.20:3000')).toEqual({ ok: false, reason: 'insecure-http' });
    expect(parseServerUrl('http://stakedesk.example.com')).toEqual({ ok: false, reason: 'insecure-http' });
  });
});
