/**
 * Passkeys (DESIGN 17): the rules both the server and the panel need. The ceremonies themselves are
 * @simplewebauthn's (the server's verification, the browser's calls); this is only what a request
 * must look like before the server's WebAuthn library reads it.
 */

/** A passkey's name, as its admin gave it ("Laptop", "YubiKey 5C"). */
export const MAX_PASSKEY_NAME_LENGTH = 64;

/** A passkey's answer in JSON (a RegistrationResponseJSON or AuthenticationResponseJSON) is far smaller than this. */
export const MAX_PASSKEY_RESPONSE_BYTES = 16 * 1024;

/** A credential id is at most 1023 bytes (WebAuthn), so at most 1364 base64url characters. */
const MAX_CREDENTIAL_ID_LENGTH = 1364;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The JSON an authenticator's answer arrives as: what the server reads before its WebAuthn library reads the rest. */
export type PasskeyResponseJson = {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string } & Record<string, unknown>;
  clientExtensionResults: Record<string, unknown>;
} & Record<string, unknown>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `value` has the shape of a WebAuthn answer in JSON, within the size any real one has. */
export function isPasskeyResponseJson(value: unknown): value is PasskeyResponseJson {
  if (!isPlainObject(value) || !isPlainObject(value.response)) return false;
  const { id, rawId, type, response, clientExtensionResults } = value;
  const base64url = (text: unknown, max: number) => typeof text === 'string' && text.length <= max && BASE64URL.test(text);
  return (
    base64url(id, MAX_CREDENTIAL_ID_LENGTH) &&
    rawId === id &&
    type === 'public-key' &&
    base64url(response.clientDataJSON, MAX_PASSKEY_RESPONSE_BYTES) &&
    isPlainObject(clientExtensionResults) &&
    JSON.stringify(value).length <= MAX_PASSKEY_RESPONSE_BYTES
  );
}
