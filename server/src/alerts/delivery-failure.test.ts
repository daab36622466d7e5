import { describe, expect, it } from 'vitest';
import { RefusedAddressError } from '../chain/upstream-fetch.js';
import { deliveryFailure } from './delivery-failure.js';

/** fetch() rejects with a TypeError whose cause is the socket's error. */
const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause });
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 203.0.113.9:443`), { code });

describe('why a webhook receiver gave no answer', () => {
  it('says the receiver did not answer in time', () => {
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(deliveryFailure(timeout, 10_000)).toEqual({
      error: 'no answer within 10 s',
      reason: { code: 'webhookNoAnswerInTime', params: { seconds: 10 } },
    });
  });

  it('tells a refused connection from a host that does not resolve, keeping the socket code for the log only', () => {
    expect(deliveryFailure(fetchFailed(socketError('ECONNREFUSED')), 10_000)).toEqual({
      error: 'no answer (ECONNREFUSED)',
      reason: { code: 'webhookConnectionRefused' },
    });
    expect(deliveryFailure(fetchFailed(socketError('ECONNRESET')), 10_000).reason).toEqual({ code: 'webhookConnectionRefused' });
    expect(deliveryFailure(fetchFailed(socketError('ENOTFOUND')), 10_000)).toEqual({
      error: 'no answer (ENOTFOUND)',
      reason: { code: 'webhookHostNotFound' },
    });
    expect(deliveryFailure(fetchFailed(socketError('EAI_AGAIN')), 10_000).reason).toEqual({ code: 'webhookHostNotFound' });
  });

  it('says a URL that resolves to a private address was not sent to', () => {
    expect(deliveryFailure(fetchFailed(new RefusedAddressError()), 10_000).reason).toEqual({ code: 'webhookAddressNotPublic' });
  });

  it('says the receiver could not be reached for any other failure, and never the URL', () => {
    const failure = deliveryFailure(fetchFailed(socketError('EHOSTUNREACH')), 10_000);
    expect(failure).toEqual({ error: 'no answer (EHOSTUNREACH)', reason: { code: 'webhookUnreachable' } });
    expect(deliveryFailure(new Error('https://hooks.slack.com/services/T0/B0/secret broke'), 10_000)).toEqual({
      error: 'no answer',
      reason: { code: 'webhookUnreachable' },
    });
  });
});
