import { Secret, TOTP } from 'otpauth';

/** The authenticator app of a test: RFC 6238 with the server's parameters (SHA-1, 6 digits, 30 s). */
export function authenticator(secret: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), algorithm: 'SHA1', digits: 6, period: 30 });
}

/** The last time step each secret's code was given for: the server accepts each step once. */
const lastStep = new Map<string, number>();

/**
 * A code the server has not accepted yet. A TOTP code is accepted only once, but the server also
 * accepts the steps either side of now (a phone clock a little behind or ahead, DRIFT_STEPS), so a
 * first code is the previous step's while that stays within reach, then now's, then the next
 * step's; only a code after those waits for the clock to move on.
 */
export async function freshCode(secret: string): Promise<string> {
  const app = authenticator(secret);
  for (;;) {
    const now = app.counter();
    // A step must still be within reach when the server checks it, seconds later on a loaded machine:
    // the previous one only early in the window, the current one until its last second.
    const remaining = app.period * 1000 - (Date.now() % (app.period * 1000));
    const earliest = remaining > 10_000 ? now - 1 : remaining > 1500 ? now : now + 1;
    const step = Math.max(earliest, (lastStep.get(secret) ?? -Infinity) + 1);
    if (step <= now + 1) {
      lastStep.set(secret, step);
      return app.generate({ timestamp: step * app.period * 1000 });
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(remaining + 50, 1000)));
  }
}
