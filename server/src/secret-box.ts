import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

function derive(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'stakedesk', purpose, 32));
}

/**
 * The keys two-factor sign-in keeps its secrets with, derived from the server's secret (JWT_SECRET)
 * with HKDF and a fixed purpose label each, so neither is the signing key itself. They sit inside
 * the same trust boundary as that secret: whoever holds JWT_SECRET can already sign admin tokens.
 * A database dump alone reveals no TOTP secret and no recovery code.
 */
export class SecretBox {
  private readonly encryptionKey: Buffer;
  private readonly hashKey: Buffer;

  constructor(serverSecret: string) {
    this.encryptionKey = derive(serverSecret, 'stakedesk/two-factor-secret/aes-256-gcm/v1');
    this.hashKey = derive(serverSecret, 'stakedesk/recovery-code/hmac-sha256/v1');
  }

  /**
   * AES-256-GCM with a random IV; the admin's id is authenticated with it, so a ciphertext copied
   * onto another admin's row does not decrypt.
   */
  seal(adminId: number, plaintext: string): string {
    return this.sealFor(`admin:${adminId}`, plaintext);
  }

  /** The plaintext, or null when the box was not sealed for this admin with this server's secret. */
  open(adminId: number, boxed: string): string | null {
    return this.openFor(`admin:${adminId}`, boxed);
  }

  /**
   * Seals a secret of another row (a webhook's, `webhook:<id>`): the owner is authenticated with
   * it, so no box opens as another row's, nor as an admin's.
   */
  sealFor(owner: string, plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    cipher.setAAD(Buffer.from(owner));
    const sealed = Buffer.concat([iv, cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${FORMAT}:${Buffer.concat([sealed.subarray(0, IV_BYTES), cipher.getAuthTag(), sealed.subarray(IV_BYTES)]).toString('base64')}`;
  }

  openFor(owner: string, boxed: string): string | null {
    const [format, body] = boxed.split(':');
    if (format !== FORMAT || !body) return null;
    const bytes = Buffer.from(body, 'base64');
    if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(owner));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }

  /** HMAC-SHA-256, hex: how recovery codes are stored and looked up (recovery-codes.ts). */
  hash(value: string): string {
    return createHmac('sha256', this.hashKey).update(value).digest('hex');
  }
}
