import { afterEach, describe, expect, it } from "vitest";
import { loadDataset, loadRecords } from "../scripts/dataset.js";
import type { Provider } from "../scripts/schema/index.js";
import { compactRecordOf, renderSite } from "../scripts/site/renderSite.js";
import { BASE_URL, confirmedFact, makeTree, minimalRecord, TODAY, type Tree } from "./helpers.js";

let tree: Tree | undefined;
afterEach(async () => tree?.cleanup());

const records = () => [
  minimalRecord("zeta-ai", { legal_name: "Zeta AB", ownership: { country_hq: confirmedFact("SE", { source_type: "provider_terms" }) } }),
  minimalRecord("alpha-ai", { name: "Ålpha AI" }),
  minimalRecord("alpha-ai-gpu"),
  minimalRecord("mid-ai", { note: "Text with <markup> & \"quotes\", and a line\u2028separator" }),
];

describe("the pipeline one record at a time", () => {
  it("hands every record to keep once, in id order, and gives the same records, queue and problems as loadDataset", async () => {
    tree = await makeTree(records());
    const seen: string[] = [];
    const kept = await loadRecords(tree.paths, TODAY, (record: Provider) => {
      seen.push(record.id);
      return record.id.length;
    });
    const whole = await loadDataset(tree.paths, TODAY);
    expect(seen).toEqual(["alpha-ai", "alpha-ai-gpu", "mid-ai", "zeta-ai"]);
    expect(kept.records).toEqual(seen.map((id) => id.length));
    expect(whole.providers.map((record) => record.id)).toEqual(seen);
    expect(kept.problems).toEqual(whole.problems);
    expect(kept.reviewQueue).toEqual(whole.reviewQueue);
    expect([...kept.files]).toEqual([...whole.files]);
  });

  it("renders records kept as their JSON bytes to the same files, byte for byte, as records kept whole", async () => {
    tree = await makeTree(records());
    const options = { baseUrl: BASE_URL, today: TODAY, sourceDateEpoch: "1767225600" };
    const whole = await loadDataset(tree.paths, TODAY);
    const fromObjects = renderSite({ ...whole, meta: whole.meta! }, options).files;
    const compact = await loadRecords(tree.paths, TODAY, compactRecordOf);
    const fromBytes = renderSite({ ...compact, meta: compact.meta! }, options).files;
    expect([...fromBytes.keys()].sort()).toEqual([...fromObjects.keys()].sort());
    for (const [file, bytes] of fromObjects) expect(fromBytes.get(file)!.equals(bytes), file).toBe(true);
  });

  it("reports a provider file that is not JSON with its name, and still validates the others", async () => {
    tree = await makeTree(records());
    const { promises: fs } = await import("node:fs");
    const path = await import("node:path");
    await fs.writeFile(path.join(tree.paths.providers, "broken-ai.json"), '{"id": "broken-ai", ');
    const kept = await loadRecords(tree.paths, TODAY, (record: Provider) => record.id);
    expect(kept.records).toEqual(["alpha-ai", "alpha-ai-gpu", "mid-ai", "zeta-ai"]);
    const broken = kept.problems.filter((problem) => problem.file === "data/providers/broken-ai.json");
    expect(broken).toHaveLength(1);
    expect(broken[0]).toMatchObject({ severity: "error", id: "broken-ai" });
  });
});
