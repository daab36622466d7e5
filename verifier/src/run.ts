/** The verifier from its arguments to its exit code: 0 every check passed, 1 one failed, 2 it could not check. */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { walletBytes } from '@stakedesk/shared/reserves/wallet';
import { checkAnchor } from './anchor-checks.js';
import { checkLine } from './check.js';
import { USAGE } from './lines.js';
import { checkProofFile } from './proof-checks.js';
import { RpcUnreadable } from './rpc.js';

export type Output = { out: (line: string) => void; err: (line: string) => void };

const EXIT = { passed: 0, failed: 1, cannotCheck: 2 } as const;

type Request = { file: string; wallet?: string; rpc?: string };

const isHttpUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/** The request, or what is wrong with it. */
function parse(argv: string[]): Request | 'help' | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { rpc: { type: 'string' }, wallet: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    return (error as Error).message;
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length !== 1) return 'Give one proof file.';
  if (values.wallet !== undefined && !walletBytes(values.wallet)) return `Not a wallet address: ${values.wallet}`;
  if (values.rpc !== undefined && !isHttpUrl(values.rpc)) return `Not an http(s) URL: ${values.rpc}`;
  return { file: positionals[0]!, wallet: values.wallet, rpc: values.rpc };
}

/** The file's `{snapshot, proof}`, or why it cannot be read as one. */
async function readProofFile(path: string): Promise<{ snapshot: unknown; proof: object } | string> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return `Cannot read ${path}: ${(error as Error).message}`;
  }
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    return `${path} is not JSON.`;
  }
  const { snapshot, proof } = (file ?? {}) as { snapshot?: unknown; proof?: unknown };
  if (typeof snapshot !== 'object' || snapshot === null || typeof proof !== 'object' || proof === null)
    return `${path} is not a proof of reserves file: it has no "snapshot" and "proof".`;
  return { snapshot, proof };
}

export async function run(argv: string[], { out, err }: Output): Promise<number> {
  const request = parse(argv);
  if (request === 'help') {
    out(USAGE);
    return EXIT.passed;
  }
  if (typeof request === 'string') {
    err(`${request}\n\n${USAGE}`);
    return EXIT.cannotCheck;
  }
  const file = await readProofFile(request.file);
  if (typeof file === 'string') {
    err(file);
    return EXIT.cannotCheck;
  }

  const { checks, snapshot } = checkProofFile(file, request.wallet);
  checks.forEach((check) => out(checkLine(check)));
  if (request.rpc !== undefined && snapshot) {
    try {
      const anchor = await checkAnchor(snapshot, request.rpc);
      anchor.forEach((check) => out(checkLine(check)));
      checks.push(...anchor);
    } catch (error) {
      if (!(error instanceof RpcUnreadable)) throw error;
      err(`Cannot read the anchor transaction from ${request.rpc}: ${error.message}`);
      return EXIT.cannotCheck;
    }
  }
  return checks.every((check) => check.ok) ? EXIT.passed : EXIT.failed;
}
