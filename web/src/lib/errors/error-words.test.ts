import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client.js';
import { errorWords } from './error-words.js';
import { whoseFailure } from './whose-failure.js';

const chainDown = { message: 'The blockchain network cannot be reached right now; please retry shortly', code: 'chainUnavailable' };

describe('errorWords', () => {
  it("takes the server's message and code from an API error", () => {
    expect(errorWords(new ApiError(503, chainDown.message, chainDown))).toEqual({
      kind: 'message',
      text: chainDown.message,
      code: 'chainUnavailable',
    });
  });

  it("finds the server's message inside the chain library's wording of a failed RPC call", () => {
    const error = new Error(`failed to get token accounts owned by account 9xQe: 503 Service Unavailable: ${JSON.stringify(chainDown)}`);
    expect(errorWords(error)).toEqual({ kind: 'message', text: chainDown.message, code: 'chainUnavailable' });
  });

  it('never passes on a status line, JSON or a stack: only the kind of failure', () => {
    expect(errorWords(new ApiError(502, '502: <html>Bad gateway</html>', '<html>Bad gateway</html>'))).toEqual({ kind: 'server' });
    expect(errorWords(new Error('503 Service Unavailable: {"oops":1}'))).toEqual({ kind: 'server' });
    expect(errorWords(new Error('TypeError: x is undefined\n    at foo (app.js:1:2)'))).toEqual({ kind: 'unknown' });
    expect(errorWords(new TypeError('Failed to fetch'))).toEqual({ kind: 'network' });
    expect(errorWords(new Error(''))).toEqual({ kind: 'unknown' });
  });

  it("says whose failure an unanswered request is: ours while the device is online, the holder's connection when it is offline", () => {
    const unanswered = [
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:3000/assets/SonnerToaster-D5lk.js'),
      new TypeError('error loading dynamically imported module: http://127.0.0.1:3000/assets/StakeDialog.js'),
      new TypeError('Importing a module script failed.'),
      new Error('Unable to preload CSS for /assets/SonnerToaster-Bx1.css'),
      new Error('failed to get recent blockhash: TypeError: Failed to fetch'),
    ];
    for (const error of unanswered) {
      expect(errorWords(error, true)).toEqual({ kind: 'network' });
      expect(errorWords(error, false)).toEqual({ kind: 'offline' });
    }
    // The server answered: its failure, whatever the device says.
    expect(errorWords(new ApiError(503, '503: ', ''), false)).toEqual({ kind: 'server' });
  });

  it("tells a failed read or load as ours or the device's, and nothing where it cannot tell", () => {
    expect(whoseFailure(new ApiError(503, '503: ', ''))).toBe('server');
    expect(whoseFailure(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/Page.js'))).toBe('network');
    expect(whoseFailure(new ApiError(404, 'Not found', { message: 'Not found' }))).toBeUndefined();
    expect(whoseFailure(new Error('x is undefined'))).toBeUndefined();
  });

  it('keeps a plain sentence as it is', () => {
    expect(errorWords(new Error('Wallet not connected'))).toEqual({ kind: 'message', text: 'Wallet not connected' });
  });

  it("keeps a coded server message whatever its words (the specification's same-wallet refusal begins with 'Error:')", () => {
    const sameWallet = {
      message: 'Error: the source and destination wallets are the same. Check that your wallet is connected correctly.',
      code: 'depositSameWallet',
    };
    expect(errorWords(new ApiError(400, sameWallet.message, sameWallet))).toEqual({
      kind: 'message',
      text: sameWallet.message,
      code: 'depositSameWallet',
    });
  });

  it('shows no uncoded text that opens with "Error:", as the admin panel does not', () => {
    expect(errorWords(new Error('Error: boom'))).toEqual({ kind: 'unknown' });
    expect(errorWords(new ApiError(400, 'Error: boom', { message: 'Error: boom' }))).toEqual({ kind: 'unknown' });
  });
});
