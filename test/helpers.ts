import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build, type BuildOptions } from "../scripts/build.js";
import { projectPaths, type ProjectPaths } from "../scripts/config.js";

/**
 * Loops of many runs (kills, fuzzing) run at full length in `npm run test:scale`, which CI runs too; `npm test`
 * runs each a few times, so every behaviour is still tried by the quick suite.
 */
export const AT_SCALE = process.env.EVIDENCE_TEST_SCALE === "1";
export const runsOf = (atScale: number, quick: number): number => (AT_SCALE ? atScale : quick);

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const TODAY = "2026-11-22";
export const BASE_URL = "https://example.test";

type Json = Record<string, unknown>;

export const DATASET_META: Json = {
  source: "test data",
  note: "merge rule",
  license: "CC-BY-4.0",
  license_url: "https://creativecommons.org/licenses/by/4.0/",
};

/** A Fact that passes every rule of the discipline; tests override only what they vary. */
export function confirmedFact(value: unknown, extra: Json = {}): Json {
  return {
    value,
    status: "confirmed",
    source_url: "https://acme.example/page",
    source_type: "provider_site",
    source_date: "2026-10-15",
    verified_at: "2026-11-01",
    verified_by: "manual",
    ...extra,
  };
}

/** The smallest record that passes every rule; tests override only what they vary. */
export function minimalRecord(id = "acme-ai", overrides: Json = {}): Json {
  return {
    id,
    name: "Acme AI",
    website: "https://acme.example",
    category: "inference_api",
    record_updated_at: "2026-11-01",
    availability_status: {
      value: "live",
      status: "confirmed",
      source_url: "https://acme.example/status",
      source_type: "provider_site",
      source_date: null,
      verified_at: "2026-11-01",
      verified_by: "manual",
    },
    ...overrides,
  };
}

export interface Tree {
  root: string;
  paths: ProjectPaths;
  writeProvider(id: string, record: unknown, fileName?: string): Promise<string>;
  writeRaw(relative: string, content: string | Buffer): Promise<string>;
  build(options?: Partial<BuildOptions>): ReturnType<typeof build>;
  read(relative: string): Promise<string>;
  cleanup(): Promise<void>;
}

/** The Tree of a project folder that already exists (one made by makeTree, or a copy of one). */
export function treeAt(root: string): Tree {
  const paths = projectPaths(root);
  return {
    root,
    paths,
    async writeProvider(id, record, fileName = `${id}.json`) {
      const file = path.join(paths.providers, fileName);
      await fs.writeFile(file, typeof record === "string" ? record : JSON.stringify(record, null, 2));
      return file;
    },
    async writeRaw(relative, content) {
      const file = path.join(root, relative);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, content);
      return file;
    },
    build: (options = {}) => build(paths, { baseUrl: BASE_URL, today: TODAY, ...options }),
    read: (relative) => fs.readFile(path.join(paths.publicDir, relative), "utf8"),
    cleanup: () => fs.rm(root, { recursive: true, force: true }),
  };
}

/** A temporary project tree with data/ and the real build pointed at it. */
export async function makeTree(records: Json[] = [minimalRecord()], meta: Json = DATASET_META): Promise<Tree> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "evidence-test-"));
  const paths = projectPaths(root);
  await fs.mkdir(paths.providers, { recursive: true });
  await fs.writeFile(paths.datasetMeta, JSON.stringify(meta, null, 2));
  const tree = treeAt(root);
  for (const record of records) await tree.writeProvider(String(record.id), record);
  return tree;
}

/** Every file under a folder with its bytes, to prove a failed build changed nothing. */
export async function snapshot(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  async function walk(current: string, prefix: string) {
    let entries: import("node:fs").Dirent[];
    try {
      entries = await fs.readdir(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(full, rel);
      else out.set(rel, (await fs.readFile(full)).toString("base64"));
    }
  }
  await walk(dir, "");
  return out;
}

const execFileAsync = promisify(execFile);

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI as a child process: the package's command, as npm run and npx run it. */
export async function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [path.join(REPO_ROOT, "bin", "evidence.js"), ...args], {
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failure.code === "number" ? failure.code : 1, stdout: failure.stdout ?? "", stderr: failure.stderr ?? "" };
  }
}

/** git as a test user at a fixed date, with hooks and signing off, so that commit dates can be asserted. */
export async function gitAsTestUser(cwd: string, args: string[], date = "2026-11-01T10:00:00Z"): Promise<string> {
  const { stdout } = await execFileAsync(
    "git",
    ["-c", "user.name=Test", "-c", "user.email=test@example.test", "-c", "commit.gpgsign=false", "-c", "core.hooksPath=/dev/null", "-c", "init.defaultBranch=main", ...args],
    { cwd, env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } },
  );
  return stdout.trim();
}

/** Starts a test server on a free loopback port and returns its origin. */
export async function listenOnLoopback(server: import("node:http").Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as import("node:net").AddressInfo).port}`;
}

/** Stops a test server, dropping keep-alive connections first so close() does not wait for them. */
export async function closeServer(server: import("node:http").Server | undefined): Promise<void> {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** What a test left behind: its temporary tree and its loopback server, for an afterEach. */
export async function cleanUp(tree: Tree | undefined, server: import("node:http").Server | undefined): Promise<void> {
  await tree?.cleanup();
  await closeServer(server);
}
