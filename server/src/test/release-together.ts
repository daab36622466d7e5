import { connect, type Socket } from 'node:net';

/** `server` sends it to another server than the batch's (two instances of one service). */
export type RawRequest = { method: string; path: string; body?: unknown; headers?: Record<string, string>; server?: string };
export type RawResponse = { status: number; body: any };

const HOLD_MS = 100;

function encode(url: URL, { method, path, body, headers = {} }: RawRequest): Buffer {
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body));
  const lines = [
    `${method} ${path} HTTP/1.1`,
    `Host: ${url.host}`,
    'Connection: close',
    ...(body === undefined ? [] : ['Content-Type: application/json']),
    `Content-Length: ${payload.length}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), payload]);
}

function parse(raw: Buffer): RawResponse {
  const text = raw.toString('utf8');
  const headerEnd = text.indexOf('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
  const bodyText = text.slice(headerEnd + 4);
  let body: unknown = bodyText;
  try {
    body = bodyText ? JSON.parse(bodyText) : undefined;
  } catch {
    // not JSON: keep the text for the assertion message
  }
  return { status, body };
}

/**
 * Sends requests the way a single-packet attack does over HTTP/1.1: every connection is opened and
 * every request written but its last byte; then all the last bytes leave in one tick, so the server
 * receives the requests together and handles them concurrently.
 */
export async function releaseTogether(baseUrl: string, requests: RawRequest[]): Promise<RawResponse[]> {
  const urls = requests.map((request) => new URL(request.server ?? baseUrl));
  const encoded = requests.map((request, i) => encode(urls[i]!, request));
  const sockets = await Promise.all(
    urls.map(
      (url) =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(Number(url.port), url.hostname, () => resolve(socket));
          socket.once('error', reject);
        }),
    ),
  );
  const responses = sockets.map(
    (socket) =>
      new Promise<RawResponse>((resolve, reject) => {
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.once('error', reject);
        socket.once('end', () => resolve(parse(Buffer.concat(chunks))));
      }),
  );
  await Promise.all(sockets.map((socket, i) => new Promise((resolve) => socket.write(encoded[i]!.subarray(0, -1), resolve))));
  await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
  sockets.forEach((socket, i) => socket.write(encoded[i]!.subarray(-1)));
  return Promise.all(responses);
}

/** How many responses had each status, e.g. { 201: 1, 409: 39 }. */
export const countStatuses = (responses: RawResponse[]) =>
  responses.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});
