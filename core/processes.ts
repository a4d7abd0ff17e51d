import { readFileSync } from 'node:fs';

let bootId: string | undefined;

/**
 * The machine's boot and a process's start time, from /proc (`<boot_id>:<starttime>`, the clock ticks
 * since boot in field 22 of /proc/<pid>/stat), or undefined where /proc does not tell them.
 */
export function startStamp(pid: number): string | undefined {
  try {
    bootId ??= readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `${bootId}:${startTicks(pid)}`;
  } catch {
    return undefined;
  }
}

/** A process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat); throws where /proc has none. */
export function startTicks(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Field 2 is the command in parentheses, which may hold spaces; field 3 follows its last ')'.
  const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  if (!ticks || !/^\d+$/.test(ticks)) throw new Error(`/proc/${pid}/stat has no start time`);
  return ticks;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
