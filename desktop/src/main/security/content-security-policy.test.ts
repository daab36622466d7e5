import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './content-security-policy.js';

const directives = (csp: string) => new Map(csp.split('; ').map((part) => [part.split(' ')[0], part.slice(part.indexOf(' ') + 1)]));

describe('the renderer Content-Security-Policy', () => {
  it('lets the page talk to (and show images from) the configured server only, and load nothing from anywhere else', () => {
    const csp = directives(contentSecurityPolicy('https://stakedesk.example.com'));
    expect(Object.fromEntries(csp)).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'connect-src': 'https://stakedesk.example.com',
      'img-src': "'self' data: https://stakedesk.example.com",
      'style-src': "'self' 'unsafe-inline'",
      'font-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'none'",
      'form-action': "'none'",
      'frame-ancestors': "'none'",
    });
  });

  it('allows no connection at all before a server is set up', () => {
    expect(directives(contentSecurityPolicy(null)).get('connect-src')).toBe("'none'");
    expect(directives(contentSecurityPolicy(null)).get('img-src')).toBe("'self' data:");
  });

  it('never allows inline or evaluated scripts', () => {
    expect(contentSecurityPolicy('http://127.0.0.1:3000')).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/);
  });
});
