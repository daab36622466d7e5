import type { Page } from '@playwright/test';
import type { SoftwarePasskey } from '@stakedesk/test-support/passkey-authenticator';

/**
 * Chromium's own virtual authenticator (the DevTools protocol's WebAuthn domain) on `page`: a
 * platform authenticator that makes and uses passkeys as a laptop's would, its user present and
 * verified without a prompt. Everything the panel asks of navigator.credentials reaches it.
 */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    /** The passkeys it holds: for which site (rpId), and how often each was used (signCount). */
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    /** Puts a passkey that was added through the API into this authenticator, as if it had been made here. */
    add: (passkey: SoftwarePasskey) =>
      cdp.send('WebAuthn.addCredential', { authenticatorId, credential: passkey.forVirtualAuthenticator() }),
  };
}
