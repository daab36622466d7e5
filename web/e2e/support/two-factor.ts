import { Secret, TOTP } from 'otpauth';

/** The authenticator app of a test: RFC 6238 with the server's parameters (SHA-1, 6 digits, 30 s). */
export function authenticator(secret: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), algorithm: 'SHA1', digits: 6, period: 30 });
}

const last = new Map<string, string>();

/**
 * A current code the server has not accepted yet. A TOTP code is accepted only once, so a second
 * code for the same secret waits for the next 30-second window (at most about 30 s).
 */
export async function freshCode(secret: string): Promise<string> {
  const app = authenticator(secret);
  for (;;) {
    // Not in the last second of a window: the code must still be current when the server checks it.
    const remaining = app.period * 1000 - (Date.now() % (app.period * 1000));
    const code = app.generate();
    if (code !== last.get(secret) && remaining > 1500) {
      last.set(secret, code);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(remaining + 50, 1000)));
  }
}
