import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Passwords } from '../dependencies.js';

/**
 * Admin passwords are hashed and checked with bcryptjs on a worker thread of their own. bcryptjs
 * is plain JavaScript: at cost 12 a hash or check is about a quarter of a second of CPU, and on the
 * server's thread every other answer waited behind it, so a burst of sign-ins (right or wrong, from
 * anyone) slowed the whole API. One worker per server: a burst takes one core at most, and the checks queue.
 */
/** bcrypt's cost for every admin password (2^12 rounds). */
export const BCRYPT_COST = 12;

/**
 * The in-process test servers' cost (2^4 rounds): at 12 the access and accounts tests spent four fifths of their
 * CPU in bcrypt. Only a test can choose it: the lint refuses `new PasswordWorker(…)` with a cost outside
 * the tests, and there is no setting for it.
 */
export const TEST_BCRYPT_COST = 4;

/**
 * The timing equaliser at BCRYPT_COST, hashed once and kept here: hashed at every start it cost each
 * server a quarter of a second of CPU. It has only to cost what a real check costs (the tests hold
 * it to BCRYPT_COST); no one can sign in with it, since an unknown username is refused whatever matched.
 */
export const EQUALISER_AT_BCRYPT_COST = '$2b$12$PQse9mF0ttQEgSMkJrJ5Femf/Mw1IAnM3tz5aXsV.d59ctlFtDTkq';

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

/** One server's password worker, made by main.ts (and a test's server) and handed out as Dependencies.passwords. */
export class PasswordWorker implements Passwords {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private equaliser: Promise<string> | undefined;

  constructor(private readonly cost = BCRYPT_COST) {
    // At another cost (a test's) the timing equaliser is made at start-up (on the worker), and again
    // at the next sign-in if that failed.
    if (cost === BCRYPT_COST) this.equaliser = Promise.resolve(EQUALISER_AT_BCRYPT_COST);
    else void this.timingEqualiser().catch(() => undefined);
  }

  hash(password: string): Promise<string> {
    return this.run<string>(password, this.cost);
  }

  matches(password: string, hash: string): Promise<boolean> {
    return this.run<boolean>(password, hash);
  }

  timingEqualiser(): Promise<string> {
    return (this.equaliser ??= this.hash('stakedesk-timing-equaliser').catch((error: unknown) => {
      this.equaliser = undefined;
      throw error;
    }));
  }

  private run<T extends string | boolean>(password: string, hashOrCost: string | number): Promise<T> {
    return new Promise((resolve, reject) => {
      const id = (this.nextId += 1);
      this.pending.set(id, { resolve: resolve as Pending['resolve'], reject });
      const thread = this.thread();
      thread.ref();
      thread.postMessage({ id, password, hashOrCost });
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const started = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { bcryptjs: createRequire(import.meta.url).resolve('bcryptjs') },
    });
    started.unref(); // held only while a call waits on it: an idle worker keeps no process alive
    started.on('message', ({ id, result, error }: { id: number; result?: string | boolean; error?: string }) => {
      const call = this.pending.get(id);
      this.pending.delete(id);
      if (this.pending.size === 0) started.unref();
      if (error !== undefined) call?.reject(new Error(error));
      else call?.resolve(result!);
    });
    const lost = (error: Error) => {
      if (this.worker === started) this.worker = undefined; // the next call starts another
      for (const call of this.pending.values()) call.reject(error);
      this.pending.clear();
    };
    started.on('error', lost);
    started.on('exit', (code) => lost(new Error(`the password worker stopped (exit code ${code})`)));
    return (this.worker = started);
  }
}
