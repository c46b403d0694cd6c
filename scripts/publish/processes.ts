import { readFileSync } from "node:fs";

/** Whether a process of this machine is running. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * When a process on this machine started, in epoch milliseconds, where the system says (Linux's /proc);
 * null elsewhere. A lock whose process started after the lock was written names a reused PID.
 */
export function processStartedAt(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces and parentheses: the fields that matter follow its last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const startTicks = Number(fields[19]);
    const bootLine = /^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"));
    if (!Number.isFinite(startTicks) || !bootLine) return null;
    // Linux counts in USER_HZ, 100 on every architecture Node supports.
    return Number(bootLine[1]) * 1000 + (startTicks / 100) * 1000;
  } catch {
    return null;
  }
}
