import { Secret, TOTP } from 'otpauth';

/** The authenticator app of a test: RFC 6238 with the server's parameters (SHA-1, 6 digits, 30 s). */
export function authenticator(secret: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), algorithm: 'SHA1', digits: 6, period: 30 });
}

/** The last time step each secret's code was given for: the server accepts each step once. */
const lastStep = new Map<string, number>();

/**
 * A code the server has not accepted yet. A TOTP code is accepted only once, but the server also
 * accepts the next step's code (a phone clock a little ahead, DRIFT_STEPS), so a second code is
 * the next step's at once; only a third within one window waits for the clock to move on.
 */
export async function freshCode(secret: string): Promise<string> {
  const app = authenticator(secret);
  for (;;) {
    const now = app.counter();
    // Never the current step in its last second: it must still be within reach when the server checks it.
    const remaining = app.period * 1000 - (Date.now() % (app.period * 1000));
    const earliest = remaining > 1500 ? now : now + 1;
    const step = Math.max(earliest, (lastStep.get(secret) ?? -Infinity) + 1);
    if (step <= now + 1) {
      lastStep.set(secret, step);
      return app.generate({ timestamp: step * app.period * 1000 });
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(remaining + 50, 1000)));
  }
}
