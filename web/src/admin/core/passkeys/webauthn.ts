import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { PasskeyOptionsJson } from '@stakedesk/shared/api-types';
import type { AdminMessageKey } from '../../../i18n/admin-en.js';
import type { AdminPlatform } from '../../platform.js';

/*
 * The browser's side of a passkey (DESIGN 17), by @simplewebauthn/browser: it turns the server's
 * options into navigator.credentials calls and the answer back into JSON. The server checks the
 * answer; nothing here decides anything.
 */

/**
 * Whether passkeys can be used here: the shell's pages are the site's own (the desktop app's are
 * not, so no passkey of the site answers there) and the browser has WebAuthn.
 */
export function passkeysAvailable(platform: Pick<AdminPlatform, 'passkeys'>): boolean {
  return platform.passkeys && typeof window.PublicKeyCredential === 'function' && browserSupportsWebAuthn();
}

/** The browser did not give an answer: why, in the panel's words (a message key of its catalogues). */
export class PasskeyNotUsed extends Error {
  override name = 'PasskeyNotUsed';
  constructor(readonly reason: AdminMessageKey) {
    super(reason);
  }
}

function notUsed(error: unknown): PasskeyNotUsed {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return new PasskeyNotUsed('passkeys.alreadyOnDevice');
    // The page's address is not the site passkeys are made for: the browser refuses before any passkey is asked.
    if (error.code === 'ERROR_INVALID_DOMAIN' || error.code === 'ERROR_INVALID_RP_ID') return new PasskeyNotUsed('passkeys.wrongAddress');
  }
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return new PasskeyNotUsed('passkeys.cancelled');
  return new PasskeyNotUsed('passkeys.failed');
}

/** Makes a new passkey for the registration options; its answer, for POST /api/admin/me/passkeys. */
export async function createPasskey(options: PasskeyOptionsJson): Promise<unknown> {
  try {
    return await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
  } catch (error) {
    throw notUsed(error);
  }
}

/** Answers sign-in or step-up options with one of the admin's passkeys. */
export async function answerWithPasskey(options: PasskeyOptionsJson): Promise<unknown> {
  try {
    return await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
  } catch (error) {
    throw notUsed(error);
  }
}
