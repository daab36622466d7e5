import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webAppRoutes } from './web-app.js';

const script = `export const page = ${JSON.stringify('landing '.repeat(2_000))};\n`;
const icon = '<svg xmlns="http://www.w3.org/2000/svg"/>';
let server: Server;
let port: number;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'stakedesk-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Stakedesk</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(dist, 'favicon.svg'), icon);
  const app = express();
  app.use(webAppRoutes(dist, async () => undefined)!);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A raw GET (fetch would decompress behind our back). */
function get(pathname: string, headers: Record<string, string> = {}): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: pathname, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the built web app', () => {
  it('sends scripts gzipped to a browser that accepts it, with their long cache', async () => {
    const answer = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(answer.headers['content-encoding']).toMatch(/^(gzip|br)$/);
    expect(answer.headers['cache-control']).toContain('immutable');
    expect(answer.body.length).toBeLessThan(script.length / 10);
    if (answer.headers['content-encoding'] === 'gzip') expect(gunzipSync(answer.body).toString()).toBe(script);
  });

  it('sends them as they are to a client that asks for no encoding', async () => {
    const answer = await get('/assets/index-abc123.js');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(script);
  });

  it('answers /favicon.ico with the app icon, not the page', async () => {
    const answer = await get('/favicon.ico');
    expect(answer.headers['content-type']).toContain('image/svg+xml');
    expect(answer.body.toString()).toBe(icon);
  });

  it('answers every other page with index.html, not to be cached', async () => {
    const answer = await get('/dashboard', { 'Accept-Encoding': 'gzip' });
    expect(answer.headers['cache-control']).toBe('no-cache');
    const html = answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body;
    expect(html.toString()).toContain('<div id="root">');
  });
});
