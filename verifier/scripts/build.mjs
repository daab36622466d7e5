// `npm run build -w verifier`: the one-file bundle, then the packed package the server serves at
// /verify (DESIGN 15) with its SHA-256 in SHA256SUMS beside it. npm pack writes every entry with
// one fixed date, so the same source packs to the same bytes: anyone can build it from the
// repository and compare the sum.
//
//   node scripts/build.mjs          builds dist/stakedesk-verify.js and dist/verify/ here
//   node scripts/build.mjs <dir>    builds the package in <dir>/package and packs it to <dir>/verify
//                                   (a test's own copy, leaving the workspace's bundle alone)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import config from '../rolldown.config.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const target = process.argv[2] === undefined ? undefined : resolve(process.argv[2]);
const packageDir = target ? join(target, 'package') : root;
const out = join(target ?? join(root, 'dist'), 'verify');

await build({ ...config, output: { ...config.output, file: join(packageDir, 'dist', 'stakedesk-verify.js') } });
if (target) for (const file of ['package.json', 'README.md']) copyFileSync(join(root, file), join(packageDir, file));

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
// No lifecycle scripts (the bundle was just built), and none of npm's own settings from a calling npm run.
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', out], {
  cwd: packageDir,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const [tarball] = readdirSync(out).filter((name) => name.endsWith('.tgz'));
const sum = createHash('sha256')
  .update(readFileSync(join(out, tarball)))
  .digest('hex');
writeFileSync(join(out, 'SHA256SUMS'), `${sum}  ${tarball}\n`);
