import { promises as fs } from "node:fs";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { Dataset, ErrorBody, Provider, Status } from "../scripts/schema/index.js";
import { makeTree, minimalRecord, snapshot, type Tree } from "./helpers.js";

let tree: Tree;
/** The precompressed .gz and .br copies the build writes beside larger text files. */
const isSibling = (file: string) => /\.(gz|br)$/.test(file);
afterEach(async () => tree?.cleanup());

describe("build", () => {
  it("writes the dataset, one file per provider, status, the 404 body and host files", async () => {
    tree = await makeTree([minimalRecord("zeta-gpu", { category: "compute_gpu" }), minimalRecord("alpha-ai")]);
    const result = await tree.build();
    expect(result.ids).toEqual(["alpha-ai", "zeta-gpu"]);

    const dataset = Dataset.parse(JSON.parse(await tree.read("api/data/index.json")));
    // Derived: the newest date in the data, then the start of the published data's SHA-256.
    expect(dataset.version).toMatch(/^2026-11-01\.[0-9a-f]{12}$/);
    expect(result.version).toBe(dataset.version);
    expect(dataset.providers.map((p) => p.id)).toEqual(["alpha-ai", "zeta-gpu"]);

    for (const provider of dataset.providers) {
      const file = await tree.read(`api/data/${provider.id}/index.json`);
      expect(Provider.parse(JSON.parse(file)).id).toBe(provider.id);
    }

    const status = Status.parse(JSON.parse(await tree.read("api/status.json")));
    expect(status).toMatchObject({ ok: true, dataset_version: dataset.version, providers_total: 2, inference_api: 1, review_queue: 0 });
    expect(status.last_verified).toBe("2026-11-01");

    const notFound = await tree.read("404.json");
    expect(ErrorBody.parse(JSON.parse(notFound)).error).toBe("not_found");
    expect(await tree.read("404.html")).toBe(notFound);
    expect(JSON.parse(notFound).docs.startsWith("https://example.test/")).toBe(true);

    const headers = await tree.read("_headers");
    expect(headers).toContain("Access-Control-Allow-Origin: *");
    expect(headers).toMatch(/\/api\/data\/\*\n\s+Content-Type: application\/json/);
    expect(headers).toMatch(/\/api\/data\.csv\n\s+Content-Type: text\/csv/);
    const redirects = (await tree.read("_redirects")).trim().split("\n");
    expect(redirects).toContain("/api/data/alpha-ai /api/data/alpha-ai/index.json 200");
    expect(redirects.slice(-3)).toEqual(["/api/* /404.json 404", "/sv/* /sv/not-found.html 404", "/* /not-found.html 404"]);
  });

  it("writes each provider file byte-identical to its entry in the dataset", async () => {
    tree = await makeTree([minimalRecord("one-ai"), minimalRecord("two-ai", { note_extra: "ünïcode ✓" })]);
    await tree.build();
    const datasetText = await tree.read("api/data/index.json");
    for (const id of ["one-ai", "two-ai"]) {
      const providerText = (await tree.read(`api/data/${id}/index.json`)).trimEnd();
      expect(datasetText.includes(providerText)).toBe(true);
    }
  });

  it("orders keys canonically and keeps unknown fields, with a warning", async () => {
    const record = minimalRecord("acme-ai", { zz_custom: 1 });
    const reordered = Object.fromEntries(Object.entries(record).reverse());
    tree = await makeTree([reordered]);
    const result = await tree.build();
    const output = JSON.parse(await tree.read("api/data/acme-ai/index.json"));
    expect(Object.keys(output).slice(0, 3)).toEqual(["id", "name", "website"]);
    expect(output.zz_custom).toBe(1);
    expect(result.warnings.map((w) => `${w.rule} ${w.path}`)).toContain("unknown-field $.zz_custom");
  });

  it("uses the base URL option wherever a full URL is written", async () => {
    tree = await makeTree();
    await tree.build({ baseUrl: "https://api.elsewhere.example" });
    expect(JSON.parse(await tree.read("404.json")).docs).toBe("https://api.elsewhere.example/methodology.html");
  });

  it("takes generated_at from SOURCE_DATE_EPOCH, else from the newest date in the data", async () => {
    tree = await makeTree();
    await tree.build();
    expect(JSON.parse(await tree.read("api/data/index.json")).generated_at).toBe("2026-11-01T00:00:00Z");
    await tree.build({ sourceDateEpoch: "1767225600" });
    expect(JSON.parse(await tree.read("api/data/index.json")).generated_at).toBe("2026-01-01T00:00:00Z");
  });

  it("rebuilds identical data to identical bytes and writes no file", async () => {
    tree = await makeTree([minimalRecord("one-ai"), minimalRecord("two-ai")]);
    await tree.build();
    const first = await snapshot(tree.paths.publicDir);
    const again = await tree.build();
    expect(again.publish.filesWritten).toBe(0);
    expect(await snapshot(tree.paths.publicDir)).toEqual(first);
  });

  it("after one provider changes, reports only the files whose bytes change: the record's, its pages and those that name the version", async () => {
    tree = await makeTree([minimalRecord("one-ai"), minimalRecord("two-ai")]);
    const first = await tree.build();
    const before = await snapshot(tree.paths.publicDir);
    await tree.writeProvider("two-ai", minimalRecord("two-ai", { name: "Two AI renamed" }));
    const result = await tree.build();
    expect(result.version).not.toBe(first.version);
    const changed = result.publish.changed.filter((file) => !isSibling(file));
    // The record, its two pages, the dataset and the exports (each CSV row names the version); the status, the pages
    // and descriptions that name the version; the host files that name it in the CSV files' download names; the
    // archive's index and pages. The other record's pages cite its own permanent copy, so they stay as they were.
    expect(changed).toEqual([
      "_headers",
      "api/data.csv",
      "api/data/index.json",
      "api/data/two-ai/index.json",
      "api/dcat-ap.jsonld",
      "api/plain/data.csv",
      "api/plain/providers.csv",
      "api/prices.json",
      "api/providers.csv",
      "api/providers.json",
      "api/status.json",
      "archive/index.html",
      "archive/index.json",
      "compare.html",
      "datapackage.json",
      "index.html",
      "llms.txt",
      "methodology.html",
      "pack.html",
      "prices.html",
      "providers/two-ai.html",
      "serve.json",
      "sv/archive/index.html",
      "sv/compare.html",
      "sv/index.html",
      "sv/methodology.html",
      "sv/pack.html",
      "sv/prices.html",
      "sv/providers/two-ai.html",
    ]);
    const after = await snapshot(tree.paths.publicDir);
    for (const page of ["providers/one-ai.html", "sv/providers/one-ai.html", "api/data/one-ai/index.json"]) expect(after.get(page)).toBe(before.get(page));
    // Built from data the archive does not keep, the first version was served for that build only: its copy goes,
    // the new one comes, and so does the changed record's permanent copy.
    const recordCopy = (files: string[]) => files.filter((file) => file.startsWith("archive/records/"));
    expect(result.publish.added.filter((file) => !file.startsWith("archive/records/"))).toEqual([`archive/${result.version}.json`]);
    expect(result.publish.removed.filter((file) => !file.startsWith("archive/records/"))).toEqual([`archive/${first.version}.json`]);
    expect([recordCopy(result.publish.added).length, recordCopy(result.publish.removed).length]).toEqual([1, 1]);
    expect(result.publish.unchanged).toBe(first.publish.added.length - result.publish.changed.length - 2);
  });

  it("after one provider changes, publishes the same bytes as a fresh build, warnings included", async () => {
    const records = [minimalRecord("one-ai", { unknown_extra: 1 }), minimalRecord("two-ai"), minimalRecord("three-ai")];
    tree = await makeTree(records);
    await tree.build();
    const changed = minimalRecord("two-ai", { name: "Two AI renamed" });
    await tree.writeProvider("two-ai", changed);
    const result = await tree.build();
    expect(result.warnings.map((w) => `${w.id} ${w.path} ${w.rule}`)).toEqual(["one-ai $.unknown_extra unknown-field"]);

    const fresh = await makeTree([records[0]!, changed, records[2]!]);
    try {
      await fresh.build();
      expect(await snapshot(tree.paths.publicDir)).toEqual(await snapshot(fresh.paths.publicDir));
    } finally {
      await fresh.cleanup();
    }
  });

  it("writes nothing when nothing changed, and rewrites a published file that was edited by hand", async () => {
    tree = await makeTree([minimalRecord("one-ai"), minimalRecord("two-ai")]);
    await tree.build();
    const again = await tree.build();
    expect(again.upToDate).toBe(true);
    expect(again.publish.filesWritten).toBe(0);

    const before = await snapshot(tree.paths.publicDir);
    await fs.writeFile(path.join(tree.paths.publicDir, "providers", "one-ai.html"), "<p>forged</p>");
    await fs.writeFile(path.join(tree.paths.publicDir, "api", "status.json"), JSON.stringify({ facts_by_status: { confirmed: 1332 } }));
    const repaired = await tree.build();
    expect(repaired.publish.changed).toEqual(["api/status.json", "providers/one-ai.html"]);
    expect(await snapshot(tree.paths.publicDir)).toEqual(before);
  });

  it("review 4, finding 12: rewrites a hand-made .gz or .br that unpacks to the same bytes, so a rebuild is byte-identical to a fresh build", async () => {
    const records = [minimalRecord("one-ai", { category_note: "long enough to be compressed ".repeat(40) }), minimalRecord("two-ai")];
    tree = await makeTree(records);
    await tree.build();
    const fresh = await snapshot(tree.paths.publicDir);
    // Copies made by hand at another level or quality: each still unpacks to exactly its file.
    const handMade = ["api/data/index.json", "providers/one-ai.html", "api/data/one-ai/index.json"];
    for (const file of handMade) {
      const plain = await fs.readFile(path.join(tree.paths.publicDir, file));
      const gz = gzipSync(plain, { level: 1 });
      const br = brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      expect(gunzipSync(gz).equals(plain) && brotliDecompressSync(br).equals(plain)).toBe(true);
      await fs.writeFile(path.join(tree.paths.publicDir, `${file}.gz`), gz);
      await fs.writeFile(path.join(tree.paths.publicDir, `${file}.br`), br);
    }
    const rebuilt = await tree.build();
    expect(rebuilt.publish.changed).toEqual(handMade.flatMap((file) => [`${file}.br`, `${file}.gz`]).sort());
    expect(await snapshot(tree.paths.publicDir)).toEqual(fresh);
    expect((await tree.build()).publish.filesWritten).toBe(0);
  });

  it("publishes a real folder that any host can upload, with nothing left beside it", async () => {
    tree = await makeTree([minimalRecord("one-ai")]);
    await tree.build();
    await tree.writeProvider("one-ai", minimalRecord("one-ai", { name: "One renamed" }));
    await tree.build();
    const stat = await fs.lstat(tree.paths.publicDir);
    expect(stat.isDirectory() && !stat.isSymbolicLink()).toBe(true);
    // Only the stamp of what public/ was built from (npm start reads it), no folder a build worked in.
    expect((await fs.readdir(tree.root)).sort()).toEqual([".public.stamp", "data", "public"]);
  });

  it("replaces a public/ link of the older layout by a folder", async () => {
    tree = await makeTree([minimalRecord("one-ai")]);
    const old = path.join(tree.root, ".site", "g-old");
    await fs.mkdir(old, { recursive: true });
    await fs.writeFile(path.join(old, "stale.txt"), "old");
    await fs.symlink(path.relative(tree.root, old), tree.paths.publicDir);
    await tree.build();
    expect((await fs.lstat(tree.paths.publicDir)).isSymbolicLink()).toBe(false);
    await expect(tree.read("stale.txt")).rejects.toThrow();
    expect(JSON.parse(await tree.read("api/status.json")).providers_total).toBe(1);
  });

  it("removes the files of a provider that was deleted", async () => {
    tree = await makeTree([minimalRecord("one-ai"), minimalRecord("two-ai")]);
    await tree.build();
    await fs.rm(path.join(tree.paths.providers, "two-ai.json"));
    const result = await tree.build();
    expect(result.publish.removed.filter((file) => !isSibling(file) && !file.startsWith("archive/"))).toEqual(["api/data/two-ai/index.json", "providers/two-ai.html", "sv/providers/two-ai.html"]);
    await expect(tree.read("api/data/two-ai/index.json")).rejects.toThrow();
    expect(await tree.read("_redirects")).not.toContain("two-ai");
  });

  it("leaves a previous public/ untouched when the new data is invalid", async () => {
    tree = await makeTree();
    await tree.build();
    const before = await snapshot(tree.paths.publicDir);
    await tree.writeProvider("acme-ai", minimalRecord("acme-ai", { category: "sweden" }));
    await expect(tree.build()).rejects.toThrow(/problem/);
    expect(await snapshot(tree.paths.publicDir)).toEqual(before);
  });
});
