/**
 * node bench/dist/bench/src/cpu-layers.js [--seconds 8] a.cpuprofile [b.cpuprofile ...]
 *
 * Where a server's CPU goes, by layer of the request path: each sample of a V8 CPU profile is
 * charged to the deepest layer on its stack (a setHeader called by the security headers is theirs;
 * one called while sending the answer is the send's), and the table gives each layer's share of the
 * busy time, one column per profile. Shares, not times: on a shared machine the time a request
 * takes swings with the other processes, the split of one process's work much less.
 *
 * To profile the built server (or bench/dist/bench/src/ceiling.js) under the bench's load:
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof server/dist/main.js   (NODE_ENV=production, as the bench)
 *   npx autocannon -c 50 -d 10 http://127.0.0.1:3000/api/settings; then SIGTERM the server.
 * `--seconds` keeps the last seconds of each profile before its end (the load, not the start-up).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

type ProfileNode = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const LAYERS: [string, RegExp][] = [
  ['security headers (helmet)', /node_modules\/helmet\/|\/http\/security-headers\.js/],
  ['CORS', /node_modules\/(cors|vary|object-assign)\//],
  ['request log: writing', /node_modules\/sonic-boom\//],
  ['request log: pino line', /node_modules\/(pino|@pinojs|quick-format-unescaped|safe-stable-stringify|fast-redact)\//],
  ['request log: listener', /\/http\/request-log\.js/],
  [
    'sending: ETag, 304, type, length, write',
    /\/http\/prepared-json\.js|express\/lib\/response\.js|node_modules\/(etag|fresh|mime-types|content-type)\//,
  ],
  ['route handler and cache', /\.routes\.js|\/cache\/|\.service\.js|\/ceiling\.js/],
  ['routing (Express, router)', /node_modules\/(router|express|parseurl|finalhandler|path-to-regexp|debug)\/|\/dist\/app\.js/],
];
const NODE = 'Node http and socket';
const GC = 'garbage collection';

function shares(file: string, seconds: number): Map<string, number> {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  // The last `seconds` before the shutdown's final moments.
  const end = profile.endTime - 400_000;
  const from = end - seconds * 1_000_000;
  const spent = new Map<string, number>();
  let busy = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    const leaf = byId.get(id)!;
    if (at < from || at > end || leaf.callFrame.functionName === '(idle)') return;
    busy += delta;
    let layer = leaf.callFrame.functionName === '(garbage collector)' ? GC : undefined;
    for (let frame: number | undefined = id; !layer && frame !== undefined; frame = parent.get(frame)) {
      const url = byId.get(frame)!.callFrame.url;
      layer = LAYERS.find(([, pattern]) => pattern.test(url))?.[0];
    }
    layer ??= NODE;
    spent.set(layer, (spent.get(layer) ?? 0) + delta);
  });
  return new Map([...spent].map(([layer, time]) => [layer, busy ? (time / busy) * 100 : 0]));
}

const { values, positionals } = parseArgs({ options: { seconds: { type: 'string', default: '8' } }, allowPositionals: true });
if (positionals.length === 0) throw new Error('usage: cpu-layers.js [--seconds 8] a.cpuprofile [b.cpuprofile ...]');
const columns = positionals.map((file) => shares(file, Number(values.seconds)));
// Named by their folders (--cpu-prof-dir), which say what was profiled.
const names = positionals.map((file) => file.split('/').at(-2) ?? file);
console.log(`| layer | ${names.join(' | ')} |`);
console.log(`|---|${names.map(() => '---:').join('|')}|`);
for (const layer of [...LAYERS.map(([name]) => name), NODE, GC]) {
  console.log(`| ${layer} | ${columns.map((column) => `${(column.get(layer) ?? 0).toFixed(1)}%`).join(' | ')} |`);
}
