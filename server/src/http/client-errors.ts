import type { Server } from 'node:http';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { errorBody } from '../errors.js';

/**
 * Requests Node's HTTP parser refuses before Express sees them (headers or URL too large, bad
 * framing) get the same JSON error shape as every other refusal, instead of an empty answer.
 */
export function answerClientErrorsWithJson(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const body = JSON.stringify(errorBody(tooLarge ? msg('headersTooLarge') : msg('invalidRequest')));
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
