import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { bundle } from "../scripts/cli/bundle.js";
import { startWorker } from "../scripts/cli/worker.js";
import { inWorker, type WorkerBundle } from "../scripts/cli/workerTasks.js";
import { readHistory } from "../scripts/history/readHistory.js";
import { changesDocument } from "../scripts/site/api/changes.js";
import { BASE_URL, REPO_ROOT, TODAY, confirmedFact, makeTree, minimalRecord, runCli, type Tree } from "./helpers.js";

const run = promisify(execFile);
const folders: string[] = [];
const trees: Tree[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await fs.rm(folder, { recursive: true, force: true });
  for (const tree of trees.splice(0)) await tree.cleanup();
});

/** A workers' bundle that answers its task with the given body (TypeScript, `task` in scope). */
async function workerBundle(body: string): Promise<WorkerBundle> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "worker-tasks-"));
  folders.push(root);
  await fs.mkdir(path.join(root, "src"));
  await fs.writeFile(path.join(root, "tsconfig.json"), `{ "compilerOptions": { "strict": true } }\n`);
  const tasks = JSON.stringify(path.join(REPO_ROOT, "scripts", "cli", "workerTasks.ts"));
  await fs.writeFile(path.join(root, "src", "main.ts"), `import { threadId } from "node:worker_threads";\nimport { answerOneTask } from ${tasks};\nanswerOneTask(async (task) => {\n  void threadId;\n  ${body}\n});\n`);
  const { file } = await bundle({ root, entry: "src/main.ts", outDir: path.join(root, "node_modules", ".cache", "cli") });
  return { file, spare: null };
}

const task = { kind: "change-list", root: "/nowhere" } as const;

describe("tasks in worker threads", () => {
  it("answers from a worker thread running the workers' bundle, and never also in this thread", async () => {
    const runtime = await workerBundle("return { threadId, root: task.root };");
    let inThisThread = 0;
    const answer = await inWorker(runtime, task, async () => {
      inThisThread += 1;
      return { threadId: 0, root: "" };
    });
    expect(answer.root).toBe("/nowhere");
    expect(answer.threadId).toBeGreaterThan(0);
    // The worker's exit comes after its answer: it must not start the same work here.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(inThisThread).toBe(0);
  });

  it("gives the task to the worker started beforehand, and starts another for the next task", async () => {
    const runtime = await workerBundle("return { threadId, root: task.root };");
    const spare = startWorker(runtime.file);
    runtime.spare = spare;
    const here = async () => ({ threadId: 0, root: "" });
    const first = await inWorker(runtime, task, here);
    expect(first.threadId).toBe(spare.worker.threadId);
    expect(runtime.spare).toBeNull();
    const second = await inWorker(runtime, task, here);
    expect(second.threadId).toBeGreaterThan(0);
    expect(second.threadId).not.toBe(first.threadId);
  });

  it("does the task in this thread when the worker cannot start, fails, or ends without answering", async () => {
    const here = async () => "in this thread";
    const missing = { ...(await workerBundle("return 1;")), file: path.join(REPO_ROOT, "no-such-bundle.cjs") };
    expect(await inWorker(missing, task, here)).toBe("in this thread");
    expect(await inWorker(await workerBundle('throw new Error("failed on purpose");'), task, here)).toBe("in this thread");
    expect(await inWorker(await workerBundle("process.exit(0);"), task, here)).toBe("in this thread");
    // A spare worker that ended before it was asked.
    const broken = await workerBundle('throw new Error("never reached");');
    broken.file = path.join(REPO_ROOT, "no-such-bundle.cjs");
    const ended = startWorker(broken.file);
    await new Promise((resolve) => ended.worker.once("exit", resolve));
    expect(await inWorker({ ...broken, spare: ended }, task, here)).toBe("in this thread");
  });
});

describe("the bundled command's build", () => {
  it("publishes the change feed read in its worker, the same as the history read in this process", async () => {
    const tree = await makeTree([minimalRecord("acme-ai"), minimalRecord("beta-cloud")]);
    trees.push(tree);
    const git = (args: string[], date: string) =>
      run("git", ["-c", "user.name=Test", "-c", "user.email=test@example.test", "-c", "commit.gpgsign=false", "-c", "core.hooksPath=/dev/null", "-c", "init.defaultBranch=main", ...args], {
        cwd: tree.root,
        env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
      });
    await git(["init", "-q"], "2026-11-01T10:00:00Z");
    await git(["add", "-A"], "2026-11-01T10:00:00Z");
    await git(["commit", "-q", "-m", "first"], "2026-11-01T10:00:00Z");
    await tree.writeProvider("acme-ai", minimalRecord("acme-ai", { pricing: { currency: confirmedFact("SEK") } }));
    await git(["commit", "-q", "-am", "acme's currency"], "2026-11-02T10:00:00Z");

    const result = await runCli(["--root", tree.root, "build", "--today", TODAY, "--base-url", BASE_URL]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const published = JSON.parse(await tree.read("api/changes.json")) as { generated_at: string; entries: Array<{ provider_id: string; path: string; kind: string }> };
    expect(published.entries.slice(0, 1)).toEqual([expect.objectContaining({ provider_id: "acme-ai", path: "$.pricing.currency", kind: "fact_added" })]);
    expect(published).toEqual(changesDocument(await readHistory(tree.root), { generatedAt: published.generated_at }));
  });
});
