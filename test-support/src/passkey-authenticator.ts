/**
 * A software passkey: what a platform authenticator and its browser answer to WebAuthn options,
 * computed here. An ES256 key made with node:crypto, `none` attestation, the authenticator data and
 * client data as the WebAuthn specification lays them out, CBOR by @simplewebauthn's own encoder.
 * It stands in for the person and their device, not for the server: the server's verification is
 * what the tests that use it check. Its key can also be handed to Chromium's virtual authenticator
 * (`WebAuthn.addCredential`), so a browser test can use a passkey that an API call added.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** The options a server sends for a new passkey (PublicKeyCredentialCreationOptionsJSON), as far as an authenticator reads them. */
export type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
/** The options a server sends for an answer (PublicKeyCredentialRequestOptionsJSON), as far as an authenticator reads them. */
export type RequestOptions = { challenge: string; rpId?: string };

/** Where the ceremony happens: the page's origin, and the relying party id the browser let it claim. */
export type Ceremony = { origin: string; rpId?: string };

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;
/** COSE: key type EC2, algorithm ES256, curve P-256, and the labels of the x and y coordinates. */
const COSE = { kty: 1, alg: 3, crv: -1, x: -2, y: -3, EC2: 2, ES256: -7, P256: 1 } as const;

const base64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function uint32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
}

export class SoftwarePasskey {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  /** The signature counter it reports next; a test may set it (a cloned authenticator's would lag). */
  signCount = 0;
  /** The user handle the server gave it at registration (base64url). */
  private userHandle: string | undefined;
  rpId: string | undefined;

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  get id(): string {
    return base64url(this.credentialId);
  }

  /** navigator.credentials.create() answered: a RegistrationResponseJSON. */
  register(options: CreationOptions, ceremony: Ceremony) {
    this.rpId = ceremony.rpId ?? options.rp.id ?? new URL(ceremony.origin).hostname;
    this.userHandle = options.user.id;
    const coseKey = new Map<number, number | Uint8Array>([
      [COSE.kty, COSE.EC2],
      [COSE.alg, COSE.ES256],
      [COSE.crv, COSE.P256],
      [COSE.x, Buffer.from(this.publicJwk.x, 'base64url')],
      [COSE.y, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL]),
      uint32(this.signCount),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: base64url(clientData('webauthn.create', options.challenge, ceremony.origin)),
        attestationObject: base64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() answered: an AuthenticationResponseJSON, its counter one up. */
  answer(options: RequestOptions, ceremony: Ceremony) {
    const rpId = ceremony.rpId ?? options.rpId ?? new URL(ceremony.origin).hostname;
    this.signCount += 1;
    const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED]), uint32(this.signCount)]);
    const data = clientData('webauthn.get', options.challenge, ceremony.origin);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(data)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: base64url(data),
        authenticatorData: base64url(authenticatorData),
        signature: base64url(signature),
        ...(this.userHandle && { userHandle: this.userHandle }),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** The credential as Chromium's virtual authenticator takes it (DevTools protocol WebAuthn.addCredential: base64, PKCS#8). */
  forVirtualAuthenticator() {
    if (!this.rpId) throw new Error('register the passkey first');
    return {
      credentialId: this.credentialId.toString('base64'),
      isResidentCredential: false,
      rpId: this.rpId,
      privateKey: this.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
      signCount: this.signCount,
      ...(this.userHandle && { userHandle: Buffer.from(this.userHandle, 'base64url').toString('base64') }),
    };
  }
}
