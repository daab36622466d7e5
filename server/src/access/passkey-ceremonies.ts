import type { AuthenticationResponseJSON, AuthenticatorTransportFuture, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Sequelize } from 'sequelize';
import type { PasskeyOptionsJson } from '@stakedesk/shared/api-types';
import { msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import type { PasskeyResponseJson } from '@stakedesk/shared/passkeys';
import { CEREMONY_TIMEOUT_MS, keepChallenge, spendChallenge, type CeremonyPurpose } from './passkey-challenges.js';
import { passkeysToCheck, recordPasskeyUse } from './passkey-store.js';
import type { RelyingParty } from './relying-party.js';

/*
 * The WebAuthn ceremonies, on @simplewebauthn/server (DESIGN 17): it checks the answer's challenge,
 * origin, relying party, signature and counter. What is ours: challenges kept in the database and
 * spent once (passkey-challenges.ts), the counter recorded race-free (passkey-store.ts), and every
 * refusal a coded message, never a 500.
 *
 * A passkey here is a second factor after the password, so the authenticator's user presence is
 * what is asked for; user verification (a PIN or fingerprint) is preferred, not required, so that a
 * plain security key works.
 */

/** Only ES256 and RS256 keys: what every platform authenticator and security key makes. */
const ALGORITHMS = [-7, -257];

type Who = { id: number; username: string };

/** The user handle authenticators keep: the admin's id, never a name or an email. */
/**
 * The library loads at the first ceremony, not at every start: its X.509 and ASN.1 modules were
 * about a sixth of what a server loads before it listens.
 */
const webAuthn = () => import('@simplewebauthn/server');
const webAuthnHelpers = () => import('@simplewebauthn/server/helpers');

const userHandle = (adminId: number) => new TextEncoder().encode(`stakedesk-admin:${adminId}`);

const transportsOf = (stored: string[]) => stored as AuthenticatorTransportFuture[];

/** Options for a new passkey of `admin` (none of their passkeys again), its challenge kept. */
export async function registrationOptions(db: Sequelize, rp: RelyingParty, admin: Who): Promise<PasskeyOptionsJson> {
  const existing = await passkeysToCheck(db, admin.id);
  const { generateRegistrationOptions } = await webAuthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: admin.username,
    userID: userHandle(admin.id),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: transportsOf(passkey.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await keepChallenge(db, admin.id, 'register', options.challenge);
  return options;
}

/** Options for an answer from one of `admin`'s passkeys, for a sign-in or a step-up; null when they have none. */
export async function answerOptions(
  db: Sequelize,
  rp: RelyingParty,
  adminId: number,
  purpose: Exclude<CeremonyPurpose, 'register'>,
): Promise<PasskeyOptionsJson | null> {
  const passkeys = await passkeysToCheck(db, adminId);
  if (passkeys.length === 0) return null;
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: passkeys.map((passkey) => ({ id: passkey.credentialId, transports: transportsOf(passkey.transports) })),
  });
  await keepChallenge(db, adminId, purpose, options.challenge);
  return options;
}

export type Refused = { refused: CodedMessage };

/**
 * Spends the challenge the answer names, and says whether the answer came from this site: the
 * first two checks of any answer. A phishing page's answer names a challenge the server issued (it
 * relayed the options) but its own origin: refused, saying so.
 */
async function spendAndCheckOrigin(
  db: Sequelize,
  rp: RelyingParty,
  adminId: number,
  purpose: CeremonyPurpose,
  response: PasskeyResponseJson,
): Promise<{ challenge: string } | Refused> {
  const { decodeClientDataJSON } = await webAuthnHelpers();
  let client: { challenge: unknown; origin: unknown };
  try {
    client = decodeClientDataJSON(response.response.clientDataJSON);
  } catch {
    return { refused: msg('passkeyRefused') };
  }
  if (typeof client.challenge !== 'string' || typeof client.origin !== 'string') return { refused: msg('passkeyRefused') };
  if (!(await spendChallenge(db, adminId, purpose, client.challenge))) return { refused: msg('passkeyChallengeSpent') };
  if (client.origin !== rp.origin) return { refused: msg('passkeyWrongSite', { origin: client.origin.slice(0, 200) }) };
  return { challenge: client.challenge };
}

export type NewPasskey = { credentialId: string; publicKey: Uint8Array; counter: number; transports: string[] };

/** Checks a new passkey's answer to the registration options issued to `adminId`. */
export async function verifyNewPasskey(
  db: Sequelize,
  rp: RelyingParty,
  adminId: number,
  response: PasskeyResponseJson,
): Promise<NewPasskey | Refused> {
  const spent = await spendAndCheckOrigin(db, rp, adminId, 'register', response);
  if ('refused' in spent) return spent;
  const { verifyRegistrationResponse } = await webAuthn();
  try {
    const verification = await verifyRegistrationResponse({
      // Its shape was checked (shared/passkeys.ts); the library reads and checks every field it needs.
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: spent.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!verification.verified) return { refused: msg('passkeyRefused') };
    const { credential } = verification.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch {
    return { refused: msg('passkeyRefused') };
  }
}

/**
 * Checks an answer from one of `adminId`'s passkeys to options issued for `purpose`, and records
 * the use (its counter must have moved on, unless the authenticator keeps none). The passkey's id, or why not.
 */
export async function spendPasskeyAnswer(
  db: Sequelize,
  rp: RelyingParty,
  adminId: number,
  purpose: Exclude<CeremonyPurpose, 'register'>,
  response: PasskeyResponseJson,
): Promise<{ passkeyId: number } | Refused> {
  const spent = await spendAndCheckOrigin(db, rp, adminId, purpose, response);
  if ('refused' in spent) return spent;
  const passkey = (await passkeysToCheck(db, adminId)).find((candidate) => candidate.credentialId === response.id);
  if (!passkey) return { refused: msg('passkeyRefused') };
  const { verifyAuthenticationResponse } = await webAuthn();
  let newCounter: number;
  try {
    const verification = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: spent.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: passkey.publicKey,
        counter: passkey.counter,
        transports: transportsOf(passkey.transports),
      },
      requireUserVerification: false,
    });
    if (!verification.verified) return { refused: msg('passkeyRefused') };
    newCounter = verification.authenticationInfo.newCounter;
  } catch {
    return { refused: msg('passkeyRefused') };
  }
  if (!(await recordPasskeyUse(db, passkey.id, newCounter))) return { refused: msg('passkeyRefused') };
  return { passkeyId: passkey.id };
}
