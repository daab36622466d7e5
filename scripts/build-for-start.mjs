// `npm start` runs this before the server: it builds what is missing or out of date and prints the
// build's output only when the build fails, so the server's own line is the first thing a user reads.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const webDist = path.join(root, 'web', 'dist');
// Written beside the built web app; `vite build` empties web/dist, so any other build removes it.
const webStamp = path.join(webDist, '.built-from');
// Written beside the packed verifier, which its build writes afresh.
const verifierStamp = path.join(root, 'verifier', 'dist', 'verify', '.built-from');

function run(label, command, args, cwd = root) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status === 0) return;
  process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? `${result.error.message}\n` : ''}`);
  console.error(`npm start: building ${label} failed (output above).`);
  process.exit(1);
}

const SKIPPED = new Set(['node_modules', 'dist', 'e2e', 'test-results', 'playwright-report']);

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });
}

/** A digest of everything a build of `workspace` reads: its files, the shared sources it imports, the installed versions. */
function inputsOf(workspace) {
  const inputs = [
    ...files(path.join(root, workspace)),
    ...files(path.join(root, 'shared', 'src')),
    ...['vitest.shared-alias.ts', 'tsconfig.base.json', 'package-lock.json'].map((file) => path.join(root, file)),
  ].sort();
  const hash = createHash('sha256');
  for (const file of inputs)
    hash
      .update(`${path.relative(root, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  return hash.digest('hex');
}

// Incremental: next to nothing to do when the server and shared sources have not changed.
run('the server', process.execPath, [require.resolve('typescript/bin/tsc'), '-b']);

const inputs = inputsOf('web');
if (!existsSync(webStamp) || readFileSync(webStamp, 'utf8') !== inputs) {
  console.log('Building the web app (first start, or its sources changed)…');
  const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  run('the web app', process.execPath, [vite, 'build'], path.join(root, 'web'));
  writeFileSync(webStamp, inputs);
}

// The verifier the documentation tells holders to run, packed and served at /verify (DESIGN 15).
const verifierInputs = inputsOf('verifier');
if (!existsSync(verifierStamp) || readFileSync(verifierStamp, 'utf8') !== verifierInputs) {
  run('the verifier', process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '-w', 'verifier']);
  writeFileSync(verifierStamp, verifierInputs);
}
