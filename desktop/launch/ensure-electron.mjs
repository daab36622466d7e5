// `npm run desktop` runs this before `electron .`: the install does not fetch the Electron binary
// (package.json allowScripts keeps electron's postinstall from running, so `npm install` works where
// it cannot be downloaded); the first start downloads it with electron's own install.js.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const electronDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));

function installed() {
  const pathFile = path.join(electronDir, 'path.txt');
  return existsSync(pathFile) && existsSync(path.join(electronDir, 'dist', readFileSync(pathFile, 'utf8')));
}

if (!installed()) {
  const env = { ...process.env };
  delete env.ELECTRON_SKIP_BINARY_DOWNLOAD; // asked for at install time; starting the app needs the binary
  console.log('Downloading the Electron binary (first start of the desktop app)…');
  const download = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], { env, encoding: 'utf8' });
  if (download.status !== 0 || !installed()) {
    const reason = `${download.stderr ?? ''}${download.error?.message ?? ''}`.trim().split('\n')[0] || `exit code ${download.status}`;
    // npm runs this in desktop/; name the installer from where `npm run desktop` was typed.
    const installer = path.relative(process.env.INIT_CWD ?? process.cwd(), path.join(electronDir, 'install.js'));
    console.error(`The Electron binary is not installed and could not be downloaded (${reason}).`);
    console.error(
      `Run \`node ${installer}\` once github.com (or the mirror named by ELECTRON_MIRROR) can be reached, then start the app again.`,
    );
    process.exit(1);
  }
}
