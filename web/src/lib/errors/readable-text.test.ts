import { describe, expect, it } from 'vitest';
import { isReadableText } from './readable-text.js';

describe('text fit for a person, on holder pages and in the panel alike', () => {
  it('keeps a plain sentence', () => {
    for (const text of ['The wallet is locked', 'Wallet not connected', 'User rejected the request.', 'no answer within 10 s']) {
      expect(isReadableText(text), text).toBe(true);
    }
  });

  it('refuses a status, JSON, markup, a stack, a class name or a URL', () => {
    for (const text of [
      '503 Service Unavailable',
      'upstream answered HTTP 502',
      'failed to send transaction: {"code":-32002}',
      '<html><body>Bad Gateway</body></html>',
      'accounts [1, 2] missing',
      'boom\n    at send (rpc.js:1:2)',
      'failed at app.js:12',
      'WalletSignTransactionError: rejected',
      'see https://status.example.com',
      '',
      '   ',
    ]) {
      expect(isReadableText(text), text).toBe(false);
    }
  });

  // Where the two old rules disagreed: the holder pages let a text opening with "Error:" through, the panel did not.
  it('refuses a log line that opens with "Error" or "Exception", in either place', () => {
    expect(isReadableText('Error: boom')).toBe(false);
    expect(isReadableText('Exception: the socket closed')).toBe(false);
    expect(isReadableText('An error occurred while signing')).toBe(true);
  });
});
