/**
 * The verifier from its arguments to its exit code: 0 every check passed, 1 one failed, 2 it could
 * not check (bad usage, a file or an RPC endpoint it cannot read, a check it could not judge).
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ChainUnreadable } from '@stakedesk/shared/reserves/json-rpc';
import { walletBytes } from '@stakedesk/shared/reserves/wallet';
import { checkOnChain } from './chain-checks.js';
import { checkLine, type Check } from './check.js';
import { USAGE } from './lines.js';
import { checkProofFile } from './proof-checks.js';

export type Output = { out: (line: string) => void; err: (line: string) => void };

const EXIT = { passed: 0, failed: 1, cannotCheck: 2 } as const;

type Request = { file: string; wallet?: string; rpc?: string; maxTransactions?: number };

const isHttpUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/** The request, or what is wrong with it. */
function parse(argv: string[]): Request | 'help' | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        rpc: { type: 'string' },
        wallet: { type: 'string' },
        'max-transactions': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return (error as Error).message;
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length !== 1) return 'Give one proof file.';
  if (values.wallet !== undefined && !walletBytes(values.wallet)) return `Not a wallet address: ${values.wallet}`;
  if (values.rpc !== undefined && !isHttpUrl(values.rpc)) return `Not an http(s) URL: ${values.rpc}`;
  const max = values['max-transactions'];
  if (max !== undefined && !/^[1-9]\d{0,5}$/.test(max)) return `Not a number of transactions (1 to 999999): ${max}`;
  return { file: positionals[0]!, wallet: values.wallet, rpc: values.rpc, maxTransactions: max === undefined ? undefined : Number(max) };
}

type ProofFile = { snapshot: unknown; proof: object; records?: unknown };

/** The file's `{snapshot, proof, records?}`, or why it cannot be read as one. */
async function readProofFile(path: string): Promise<ProofFile | string> {
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
  const { snapshot, proof, records } = (file ?? {}) as { snapshot?: unknown; proof?: unknown; records?: unknown };
  if (typeof snapshot !== 'object' || snapshot === null || typeof proof !== 'object' || proof === null)
    return `${path} is not a proof of reserves file: it has no "snapshot" and "proof".`;
  return { snapshot, proof, records };
}

function exitCode(checks: Check[]): number {
  if (checks.some((check) => check.status === 'failed')) return EXIT.failed;
  return checks.some((check) => check.status === 'incomplete') ? EXIT.cannotCheck : EXIT.passed;
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

  const { checks, snapshot, proof } = checkProofFile(file, request.wallet);
  checks.forEach((check) => out(checkLine(check)));
  // The chain is compared with a proof that verified: a proof that did not has failed already.
  if (request.rpc !== undefined && snapshot && proof) {
    try {
      const onChain = await checkOnChain(snapshot, proof, request.rpc, { records: file.records, maxTransactions: request.maxTransactions });
      onChain.forEach((check) => out(checkLine(check)));
      checks.push(...onChain);
    } catch (error) {
      if (!(error instanceof ChainUnreadable)) throw error;
      err(`Cannot read the chain from ${request.rpc}: ${error.message}`);
      return EXIT.cannotCheck;
    }
  }
  return exitCode(checks);
}
