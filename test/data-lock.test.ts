import { spawn } from "node:child_process";
import { promises as fs } from "node:fs";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, confirmedFact, listenOnLoopback, makeTree, minimalRecord, runCli, type Tree } from "./helpers.js";

let tree: Tree | undefined;
let server: Server | undefined;
afterEach(async () => {
  await cleanUp(tree, server);
  [tree, server] = [undefined, undefined];
});

/** A record whose one source is `url`. */
const citing = (id: string, url: string) => minimalRecord(id, { ownership: { country_hq: confirmedFact("SE", { source_url: url, source_type: "provider_terms", source_date: null, verified_at: "2026-11-01" }) } });

const LOCK = path.join("data", ".jobs.lock");

async function until(condition: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > 60_000) throw new Error(`waited 60 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("one run at a time writes data/ (review 5)", () => {
  it("a second sources run, or any other job, refuses while one is under way, instead of erasing its entries", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    server = createServer((request, response) => {
      asked.push(request.url ?? "");
      const answer = () => response.writeHead(200, { "content-type": "text/html" }).end(`<main><p>Terms of ${request.url}.</p></main>`);
      // The first run's page answers only when the test says so: that run is under way meanwhile.
      if (request.url === "/slow") void held.then(answer);
      else answer();
    });
    const origin = await listenOnLoopback(server);
    tree = await makeTree([citing("slow-ai", `${origin}/slow`), citing("quick-ai", `${origin}/quick`)]);
    const watchFile = path.join(tree.paths.data, "sources.json");

    // A time limit far beyond the test's: the first run holds data/ until the test lets its page answer.
    const first = runCli(["--root", tree.root, "sources", "--only", "slow-ai", "--allow-private", "--timeout", "600000"]);
    await until(() => asked.includes("/slow"), "the first run to ask for its page");

    const second = await runCli(["--root", tree.root, "sources", "--only", "quick-ai", "--allow-private"]);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/^sources: data\/ is being written by `sources` \(process \d+ on [^,]+, started [^)]+\); nothing was done\. Run this again when it has finished; if no such run is going, delete data\/\.jobs\.lock\n$/);
    expect(asked).not.toContain("/quick");
    for (const job of [["registry"], ["source-dates", "--offline"], ["corroborate", "--registry", "litellm"], ["scrape"], ["document-versions", "--from", tree.root, "--repository", "acme/versions"]]) {
      const other = await runCli(["--root", tree.root, ...job]);
      expect(other.code, job[0]).toBe(1);
      expect(other.stderr, job[0]).toContain(`${job[0]}: data/ is being written by \`sources\``);
    }

    release();
    expect((await first).code).toBe(0);
    await expect(fs.stat(path.join(tree.root, LOCK))).rejects.toThrow();
    const again = await runCli(["--root", tree.root, "sources", "--only", "quick-ai", "--allow-private"]);
    expect(again.code, again.stderr).toBe(0);
    // Both runs' entries are kept: neither wrote back over the other.
    const watched = Object.keys(JSON.parse(await fs.readFile(watchFile, "utf8")));
    expect(watched.filter((url) => url.startsWith(origin)).sort()).toEqual([`${origin}/quick`, `${origin}/slow`]);
  }, 240_000);

  it("takes over the lock of a run whose process has ended, and names one it cannot judge", async () => {
    tree = await makeTree([minimalRecord("acme-ai")]);
    const lock = path.join(tree.root, LOCK);
    const gone = spawn(process.execPath, ["-e", "0"], { stdio: "ignore" });
    const gonePid = await new Promise<number>((resolve) => gone.once("exit", () => resolve(gone.pid!)));
    await fs.writeFile(lock, JSON.stringify({ command: "sources", pid: gonePid, host: os.hostname(), started: "2026-11-22T10:00:00.000Z" }));
    const taken = await runCli(["--root", tree.root, "registry"]);
    expect(taken.code, taken.stderr).toBe(0);
    await expect(fs.stat(lock)).rejects.toThrow();

    await fs.writeFile(lock, JSON.stringify({ command: "scrape", pid: 4242, host: "refresh-runner-7", started: "2026-11-22T10:00:00.000Z" }));
    const refused = await runCli(["--root", tree.root, "registry"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("registry: data/ is being written by `scrape` (process 4242 on refresh-runner-7, started 2026-11-22T10:00:00.000Z)");
    expect(await fs.readFile(lock, "utf8")).toContain("refresh-runner-7");
  }, 60_000);
});
