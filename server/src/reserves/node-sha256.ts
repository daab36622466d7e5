import { createHash } from 'node:crypto';
import type { Sha256 } from '@stakedesk/shared/reserves/hash';

/** node:crypto's SHA-256 for the server's tree builds (see Sha256 for why not noble's there). */
export const nodeSha256: Sha256 = (input) => createHash('sha256').update(input).digest();
