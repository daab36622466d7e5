import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';

/**
 * The client a request comes from, as the per-IP rate limits count it: Express's `req.ip`, the
 * address the last of TRUST_PROXY's proxies saw (an X-Forwarded-For the client wrote itself
 * counts only for entries past them), and an IPv6 address by its /56 network, which one
 * subscriber usually holds whole (else every address of it would be a client of its own).
 */
export function clientAddress(req: Request): string {
  return ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}
