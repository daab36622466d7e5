import { timingSafeEqual } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const ALGORITHM = 'SHA1';
/** Steps either side of now that are accepted, for a phone clock a little off. */
const DRIFT_STEPS = 1;
/** 160 bits, the size RFC 4226 recommends for an HMAC-SHA-1 key. */
const SECRET_BYTES = 20;

export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// URL an authenticator app reads from the enrolment QR code. */
export function otpauthUrl(secret: string, account: string, issuer: string): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD_SECONDS,
  }).toString();
}

function currentStep(now = Date.now()): number {
  return TOTP.counter({ period: PERIOD_SECONDS, timestamp: now });
}

/**
 * The time step `code` belongs to, among now and DRIFT_STEPS either side, if it is later than
 * `lastStep` (a step already used, or an earlier one, is never accepted again); otherwise null.
 */
export function acceptedStep(secret: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = Secret.fromBase32(secret);
  const step = currentStep(now);
  for (let candidate = step - DRIFT_STEPS; candidate <= step + DRIFT_STEPS; candidate++) {
    if (lastStep !== null && candidate <= lastStep) continue;
    const expected = HOTP.generate({ secret: key, algorithm: ALGORITHM, digits: DIGITS, counter: candidate });
    if (timingSafeEqual(Buffer.from(expected), Buffer.from(code))) return candidate;
  }
  return null;
}
