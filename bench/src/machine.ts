/** The machine a run measured, and how busy it was with other work. */
import { cpus, loadavg, totalmem, release, platform, arch } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';

export type MachineInfo = {
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  postgres: string;
  /** 1, 5 and 15-minute load averages when the run started: above the core count, others were busy too. */
  loadAtStart: number[];
};

export function machineInfo(postgres: string): MachineInfo {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGb: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: `${platform()} ${release()} ${arch()}`,
    node: process.version,
    postgres,
    loadAtStart: loadavg().map((load) => Math.round(load * 100) / 100),
  };
}

/** The 1-minute load average: above the core count means other work competed for the CPUs. */
export const load1 = () => Math.round(loadavg()[0]! * 100) / 100;

/** Total and idle CPU ticks of the machine, to tell how much of it a phase left idle. */
function cpuTicks(): { total: number; idle: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (line[3] ?? 0) + (line[4] ?? 0);
  return { total: line.reduce((a, b) => a + b, 0), idle };
}

/** CPU ticks used by one process (user + system) and by its children it waited for. */
/**
 * CPU ticks of a process, with those of its children that have exited (cutime, cstime): a
 * PostgreSQL parallel worker or autovacuum worker that starts and ends within a phase is then
 * counted as ours, through the postmaster that reaped it, instead of as another process's noise.
 * A process that exits meanwhile reads 0, and its parent's count takes over its whole life.
 */
function processTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  } catch {
    return 0;
  }
}

/**
 * How much of the machine's CPU went to processes other than the ones we name (the server,
 * PostgreSQL, the bench itself...) during a phase: a noise meter for shared machines.
 */
/** A run during which other processes used more of the CPU than this is noisy: measured again, and not judged if it stays so. */
export const NOISY_PERCENT = 20;
export const MAX_ATTEMPTS = 3;

export function noiseMeter(ourPids: () => number[]): { stop(): { busyPercent: number; othersPercent: number } } {
  const start = cpuTicks();
  const pids = ourPids();
  const ours = new Map(pids.map((pid) => [pid, processTicks(pid)]));
  return {
    stop() {
      const end = cpuTicks();
      const total = end.total - start.total || 1;
      const busy = total - (end.idle - start.idle);
      let oursUsed = 0;
      // A process of ours that started meanwhile (a new PostgreSQL backend) used all its time in the phase.
      for (const pid of ourPids()) oursUsed += processTicks(pid) - (ours.get(pid) ?? 0);
      return {
        busyPercent: Math.round((busy / total) * 100),
        othersPercent: Math.max(0, Math.round(((busy - oursUsed) / total) * 100)),
      };
    },
  };
}

/** A process and every process under it (PostgreSQL's backends are children of the postmaster). */
export function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const all: number[] = [];
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    all.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return all;
}
