import { ipcMain } from 'electron';
import type { IpcChannel } from '../../shared/ipc-channels.js';
import { expectArgumentCount } from './ipc-arguments.js';
import { assertTrustedSender } from './trusted-sender.js';

type Parsers<A extends unknown[]> = { [K in keyof A]: (value: unknown) => A[K] };

/**
 * ipcMain.handle with the checks every channel needs: the caller is the app's page, the argument
 * count is exact, and each argument passes its parser before `run` sees it.
 */
export function handle<A extends unknown[], R>(channel: IpcChannel, parsers: Parsers<A>, run: (...args: A) => R | Promise<R>): void {
  ipcMain.handle(channel, async (event, ...args: unknown[]) => {
    assertTrustedSender(event);
    expectArgumentCount(args, parsers.length);
    const parsed = parsers.map((parse, index) => parse(args[index])) as A;
    return run(...parsed);
  });
}
