/**
 * JSON-RPC 2.0 plumbing: an HTTP server (POST /, single requests and batches) on a port and a
 * WebSocket server on the next port, which is where web3.js looks for it. Knows nothing about
 * Solana: requests go to the `dispatch` functions it is given.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export type RpcParams = unknown[];
export type Dispatch = (method: string, params: RpcParams) => unknown;

/** One WebSocket connection's request handler; `close` runs when the socket goes away. */
export interface SocketSession {
  dispatch: Dispatch;
  close(): void;
}

export interface RpcServerOptions {
  /** HTTP port; the WebSocket server listens on port + 1. 0 picks a free pair. */
  port: number;
  dispatch: Dispatch;
  openSocket(send: (message: unknown) => void): SocketSession;
}

export interface RpcServer {
  port: number;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;

function errorResponse(id: unknown, code: number, message: string, data?: unknown) {
  return { jsonrpc: '2.0', error: data === undefined ? { code, message } : { code, message, data }, id };
}

async function answer(request: unknown, dispatch: Dispatch): Promise<object | null> {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return errorResponse(null, -32600, 'Invalid request');
  }
  const { jsonrpc, method, params, id } = request as Record<string, unknown>;
  const isNotification = !('id' in request);
  if (jsonrpc !== '2.0' || typeof method !== 'string') return errorResponse(id ?? null, -32600, 'Invalid request');
  if (params !== undefined && !Array.isArray(params)) return errorResponse(id ?? null, -32602, 'Invalid params');
  try {
    const result = await dispatch(method, (params as RpcParams | undefined) ?? []);
    return isNotification ? null : { jsonrpc: '2.0', result: result ?? null, id };
  } catch (error) {
    if (isNotification) return null;
    if (error instanceof RpcError) return errorResponse(id, error.code, error.message, error.data);
    return errorResponse(id, -32603, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Answers one JSON-RPC payload (a request or a batch); null when nothing is to be sent back. */
export async function handlePayload(text: string, dispatch: Dispatch): Promise<object | null> {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return errorResponse(null, -32700, 'Parse error');
  }
  if (!Array.isArray(payload)) return answer(payload, dispatch);
  if (payload.length === 0) return errorResponse(null, -32600, 'Invalid request');
  const responses: object[] = [];
  for (const request of payload) {
    const response = await answer(request, dispatch); // in order: a batch may send then query
    if (response) responses.push(response);
  }
  return responses.length > 0 ? responses : null;
}

function readBody(request: http.IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function httpHandler(dispatch: Dispatch): http.RequestListener {
  return (request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'Access-Control-Allow-Methods': 'POST, OPTIONS', 'Access-Control-Allow-Headers': '*' });
      response.end();
      return;
    }
    if (request.method !== 'POST') {
      response.writeHead(405, { 'Content-Type': 'text/plain' });
      response.end('Used HTTP Method is not allowed. POST or OPTIONS is required');
      return;
    }
    void (async () => {
      const body = await readBody(request);
      if (body === null) {
        response.writeHead(413, { 'Content-Type': 'text/plain' });
        response.end('Payload Too Large');
        return;
      }
      const reply = await handlePayload(body, dispatch);
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(reply === null ? '' : JSON.stringify(reply));
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  };
}

function listen(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function isAddressInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
}

/** Binds `httpServer` to a port and `wsServer` to the port after it. */
async function listenOnPortPair(httpServer: http.Server, wsServer: http.Server, port: number): Promise<number> {
  if (port !== 0) {
    await listen(httpServer, port);
    try {
      await listen(wsServer, port + 1);
    } catch (error) {
      await closeServer(httpServer);
      throw error;
    }
    return port;
  }
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = await listen(httpServer, 0);
    if (candidate < 65535) {
      try {
        await listen(wsServer, candidate + 1);
        return candidate;
      } catch (error) {
        if (!isAddressInUse(error)) {
          await closeServer(httpServer);
          throw error;
        }
      }
    }
    await closeServer(httpServer);
  }
  throw new Error('Could not find two free consecutive ports');
}

export async function startRpcServer(options: RpcServerOptions): Promise<RpcServer> {
  const httpServer = http.createServer(httpHandler(options.dispatch));
  const wsServer = http.createServer((_request, response) => {
    response.writeHead(426, { 'Content-Type': 'text/plain' });
    response.end('WebSocket connections only');
  });
  const sockets = new WebSocketServer({ noServer: true });
  // Both ports accept WebSocket upgrades: web3.js uses port + 1, other clients the RPC URL itself.
  for (const server of [httpServer, wsServer]) {
    server.on('upgrade', (request, socket, head) => {
      sockets.handleUpgrade(request, socket as Socket, head, (client) => sockets.emit('connection', client, request));
    });
  }
  sockets.on('connection', (client: WebSocket) => {
    const send = (message: unknown) => {
      if (client.readyState === WebSocket.OPEN) client.send(JSON.stringify(message));
    };
    const session = options.openSocket(send);
    client.on('message', (data) => {
      void handlePayload(data.toString(), session.dispatch).then((reply) => {
        if (reply !== null) send(reply);
      });
    });
    client.on('close', () => session.close());
    client.on('error', () => client.terminate());
  });

  const port = await listenOnPortPair(httpServer, wsServer, options.port);

  return {
    port,
    async close() {
      // Code 1000 tells web3.js's socket client not to reconnect.
      for (const client of sockets.clients) client.close(1000, 'test chain closed');
      const deadline = Date.now() + 500;
      while ([...sockets.clients].some((client) => client.readyState !== WebSocket.CLOSED) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      await Promise.all([closeServer(httpServer), closeServer(wsServer)]);
    },
  };
}
