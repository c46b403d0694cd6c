import { execFile } from "node:child_process";

/** Why a git call failed, kept apart so the feed can say "git is missing" rather than "git failed". */
export class GitError extends Error {
  constructor(
    message: string,
    /** The git program could not be started (not installed, not on PATH). */
    readonly missing: boolean,
  ) {
    super(message);
  }
}

export interface GitCall {
  /** The git program; "git" finds it on PATH. */
  git: string;
  cwd: string;
  /** Bytes written to git's standard input (cat-file --batch reads its requests there). */
  input?: string;
  /** Upper bound on what git may print; a larger answer fails the call rather than filling memory. */
  maxBuffer?: number;
}

/** No call may hang a build: a repository on a stalled network file system fails instead. */
const TIMEOUT_MS = 120_000;

/**
 * Runs git with arguments, never through a shell, so nothing from the data (a file name, a commit
 * message) can become a command. Only reading commands are used: the checkout is never changed.
 */
export function runGit(args: readonly string[], call: GitCall): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      call.git,
      args,
      {
        cwd: call.cwd,
        encoding: "buffer",
        maxBuffer: call.maxBuffer ?? 16 * 1024 * 1024,
        timeout: TIMEOUT_MS,
        windowsHide: true,
        // No prompt for credentials, and no optional lock (an index refresh) taken in someone's checkout.
        env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0", LC_ALL: "C" },
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const code = (error as NodeJS.ErrnoException).code;
        const firstLine = stderr.toString("utf8").trim().split("\n")[0] ?? "";
        reject(new GitError(firstLine || error.message, code === "ENOENT"));
      },
    );
    // git may exit before reading all of its input (a bad request): that is reported by the callback.
    child.stdin?.on("error", () => {});
    child.stdin?.end(call.input ?? "");
  });
}
