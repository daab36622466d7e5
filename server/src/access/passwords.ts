import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Admin passwords are hashed and checked with bcryptjs on a worker thread of their own. bcryptjs
 * is plain JavaScript: at cost 12 a hash or check is about a quarter of a second of CPU, and on the
 * server's thread every other answer waited behind it, so a burst of sign-ins (right or wrong, from
 * anyone) slowed the whole API. One worker: a burst takes one core at most, and the checks queue.
 */
/** bcrypt's cost for every admin password (2^12 rounds). */
export const BCRYPT_COST = 12;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptjs);
parentPort.on('message', ({ id, password, hashOrCost }) => {
  const work = typeof hashOrCost === 'number' ? bcrypt.hash(password, hashOrCost) : bcrypt.compare(password, hashOrCost);
  work.then(
    (result) => parentPort.postMessage({ id, result }),
    (error) => parentPort.postMessage({ id, error: String(error) }),
  );
});`;

type Pending = { resolve: (value: string | boolean) => void; reject: (error: Error) => void };

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 0;

function passwordWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { bcryptjs: createRequire(import.meta.url).resolve('bcryptjs') },
  });
  started.unref(); // held only while a call waits on it: an idle worker keeps no process alive
  started.on('message', ({ id, result, error }: { id: number; result?: string | boolean; error?: string }) => {
    const call = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) started.unref();
    if (error !== undefined) call?.reject(new Error(error));
    else call?.resolve(result!);
  });
  const lost = (error: Error) => {
    if (worker === started) worker = undefined; // the next call starts another
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  started.on('error', lost);
  started.on('exit', (code) => lost(new Error(`the password worker stopped (exit code ${code})`)));
  return (worker = started);
}

function run<T extends string | boolean>(password: string, hashOrCost: string | number): Promise<T> {
  return new Promise((resolve, reject) => {
    const id = (nextId += 1);
    pending.set(id, { resolve: resolve as Pending['resolve'], reject });
    const thread = passwordWorker();
    thread.ref();
    thread.postMessage({ id, password, hashOrCost });
  });
}

export function hashPassword(password: string): Promise<string> {
  return run<string>(password, BCRYPT_COST);
}

export function passwordMatches(password: string, hash: string): Promise<boolean> {
  return run<boolean>(password, hash);
}
