import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** The bundle the tests run, built from the current source once per run by the package's own build script. */
export default async function buildVerifier(): Promise<void> {
  await promisify(execFile)('npm', ['run', 'build'], { cwd: fileURLToPath(new URL('../..', import.meta.url)) });
}
