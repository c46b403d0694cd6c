import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Worker } from "node:worker_threads";
import { build as esbuild } from "esbuild";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { WORKER_ENTRIES, workerBuildOptions } from "../bin/workers.js";
import { readChangeList } from "../scripts/history/changeList.js";
import { startHistoryThread } from "../scripts/history/onThread.js";
import { BUNDLED_WORKERS, provideBundledWorker } from "../scripts/util/bundledWorkers.js";
import { DATASET_META, REPO_ROOT, confirmedFact, gitAsTestUser, minimalRecord } from "./helpers.js";

// Counts the reads on the calling thread, so a test can tell that the list came from the thread alone.
const readsHere = vi.hoisted(() => ({ count: 0 }));
vi.mock("../scripts/history/changeList.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../scripts/history/changeList.js")>();
  return {
    ...original,
    readChangeList: (...args: Parameters<typeof original.readChangeList>) => {
      readsHere.count += 1;
      return original.readChangeList(...args);
    },
  };
});

const execFileAsync = promisify(execFile);
let repo: string;

async function commit(files: Record<string, unknown>, date: string): Promise<void> {
  for (const [relative, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(repo, relative)), { recursive: true });
    await fs.writeFile(path.join(repo, relative), typeof content === "string" ? content : JSON.stringify(content, null, 2));
  }
  await gitAsTestUser(repo, ["add", "-A"], date);
  await gitAsTestUser(repo, ["commit", "-q", "-m", "data"], date);
}

/** The history worker's program as the command bundles it. */
async function bundledHistoryProgram(): Promise<string> {
  const result = await esbuild(workerBuildOptions(REPO_ROOT, WORKER_ENTRIES.history, false));
  return result.outputFiles[0]!.text;
}

beforeAll(async () => {
  repo = await fs.mkdtemp(path.join(os.tmpdir(), "evidence-history-thread-"));
  await gitAsTestUser(repo, ["init", "-q"]);
  await commit({ "data/dataset.json": { ...DATASET_META, version: "2026.11.01" }, "data/providers/acme-ai.json": minimalRecord("acme-ai") }, "2026-11-01T10:00:00Z");
  await commit(
    {
      "data/providers/acme-ai.json": minimalRecord("acme-ai", { pricing: { currency: confirmedFact("EUR") } }),
      "data/providers/beta-cloud.json": minimalRecord("beta-cloud", { name: "Beta Cloud" }),
      "data/providers/broken.json": "[1, 2]",
    },
    "2026-11-10T09:00:00+02:00",
  );
});

afterAll(async () => {
  await fs.rm(repo, { recursive: true, force: true });
});

afterEach(() => {
  provideBundledWorker("history", null);
});

describe("the history read on a thread of its own", () => {
  it("bundles a program for every worker the program asks for, and none it does not", () => {
    expect(Object.keys(WORKER_ENTRIES).sort()).toEqual([...BUNDLED_WORKERS].sort());
  });

  it("the bundled program, run as the command runs it, hands back the same change list as reading it here", async () => {
    const worker = new Worker(await bundledHistoryProgram(), { eval: true });
    const answer = new Promise((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    worker.postMessage(repo);
    const onThread = await answer;
    await worker.terminate();
    const here = await readChangeList(repo);
    expect(here.history).toBe("git");
    expect(here.entries.length).toBeGreaterThan(2);
    expect(here.skipped.length).toBe(1);
    expect(onThread).toEqual(here);
  });

  it("takes the list from the thread it started, handing it the folder", async () => {
    // A stand-in program that answers with the folder it was given: the list can only have come from the thread.
    provideBundledWorker("history", `const { parentPort } = require("node:worker_threads");
parentPort.once("message", (root) => parentPort.postMessage({ history: "unavailable", note: "read on the thread: " + root, commits_read: 0, truncated: false, skipped: [], entries: [] }));`);
    const thread = startHistoryThread();
    expect(thread.started).toBe(true);
    const before = readsHere.count;
    expect((await thread.read(repo)).note).toBe(`read on the thread: ${repo}`);
    // The thread is ended once it has answered; its end is no reason to read the history here as well.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readsHere.count).toBe(before);
  });

  it("reads the history here when its thread fails, and when there is no program for one", async () => {
    const here = await readChangeList(repo);
    provideBundledWorker("history", "throw new Error('broken on purpose')");
    const failing = startHistoryThread();
    expect(failing.started).toBe(true);
    const before = readsHere.count;
    expect(await failing.read(repo)).toEqual(here);
    expect(readsHere.count).toBe(before + 1);

    provideBundledWorker("history", null);
    const none = startHistoryThread();
    expect(none.started).toBe(false);
    expect(await none.read(repo)).toEqual(here);
  });

  it("a thread closed before it was used ends, and keeps nothing alive", async () => {
    provideBundledWorker("history", await bundledHistoryProgram());
    const thread = startHistoryThread();
    thread.close();
    // Read after close: the history is read here all the same.
    expect((await thread.read(repo)).history).toBe("git");
  });
});

describe("the history's thread in a process with nothing else to do", () => {
  it("keeps the process alive while its answer is awaited", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "evidence-history-alive-"));
    try {
      // A stand-in program that answers only after a while, in a process whose main thread has nothing else pending.
      const script = path.join(dir, "await.mts");
      await fs.writeFile(
        script,
        `import { provideBundledWorker } from ${JSON.stringify(path.join(REPO_ROOT, "scripts", "util", "bundledWorkers.ts"))};
import { startHistoryThread } from ${JSON.stringify(path.join(REPO_ROOT, "scripts", "history", "onThread.ts"))};
provideBundledWorker("history", \`const { parentPort } = require("node:worker_threads");
parentPort.once("message", (root) => setTimeout(() => parentPort.postMessage({ history: "unavailable", note: "late answer", commits_read: 0, truncated: false, skipped: [], entries: [] }), 400));\`);
const list = await startHistoryThread().read(".");
console.log(list.note);
`,
      );
      const { stdout } = await execFileAsync(process.execPath, ["--import", "tsx", script], { cwd: REPO_ROOT });
      expect(stdout.trim()).toBe("late answer");
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
