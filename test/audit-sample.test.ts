import { afterEach, describe, expect, it } from "vitest";
import { drawSample } from "../tools/audit/sample.js";
import { confirmedFact, gitAsTestUser, makeTree, minimalRecord, type Tree } from "./helpers.js";

let tree: Tree | undefined;
afterEach(async () => {
  await tree?.cleanup();
  tree = undefined;
});

describe("audit sample", () => {
  it("draws the same Facts for the same seed, others for another, only researched ones of the day asked", async () => {
    const records = Array.from({ length: 12 }, (_, i) =>
      minimalRecord(`p-${String(i).padStart(2, "0")}`, {
        ownership: { country_hq: confirmedFact("SE", { verified_at: i % 2 ? "2026-11-24" : "2026-11-01" }), foreign_parent: { value: null, status: "unknown" } },
      }),
    );
    tree = await makeTree(records);
    const providers = `${tree.root}/data/providers`;
    const first = await drawSample(providers, { verifiedOn: "2026-11-24", count: 4, seed: 7 });
    const again = await drawSample(providers, { verifiedOn: "2026-11-24", count: 4, seed: 7 });
    const other = await drawSample(providers, { verifiedOn: "2026-11-24", count: 4, seed: 8 });
    expect(first.population).toBe(6);
    expect(again.sample).toEqual(first.sample);
    expect(other.sample).not.toEqual(first.sample);
    expect(new Set(first.sample.map((fact) => `${fact.id} ${fact.path}`)).size).toBe(4);
    for (const fact of first.sample) expect(fact).toMatchObject({ path: "ownership.country_hq", status: "confirmed" });
    expect((await drawSample(providers, { count: 100, seed: 1 })).sample.length).toBe(24);
  });

  it("draws only the Facts new or changed since a commit: value, status, source, dates or display", async () => {
    const records = ["a-ai", "b-ai", "c-ai"].map((id) => minimalRecord(id, { ownership: { country_hq: confirmedFact("SE", { source_type: "provider_terms" }) } }));
    tree = await makeTree(records);
    const git = (...args: string[]) => gitAsTestUser(tree!.root, args);
    await git("init", "-q");
    await git("add", "-A");
    await git("commit", "-q", "-m", "seed");
    await tree.writeProvider("b-ai", minimalRecord("b-ai", { ownership: { country_hq: confirmedFact("SE", { status: "claimed", source_type: "press" }) } }));
    await tree.writeProvider("c-ai", minimalRecord("c-ai", { ownership: { country_hq: confirmedFact("SE", { source_type: "provider_terms" }), foreign_parent: confirmedFact(false) } }));
    await tree.writeProvider("d-ai", minimalRecord("d-ai"));
    const { population, sample } = await drawSample(`${tree.root}/data/providers`, { changedSince: "HEAD", count: 10, seed: 1 });
    expect(population).toBe(3);
    expect(sample.map((fact) => `${fact.id} ${fact.path}`).sort()).toEqual(["b-ai ownership.country_hq", "c-ai ownership.foreign_parent", "d-ai availability_status"]);
    // Narrowed to a block: only the ownership Facts of those.
    const owners = await drawSample(`${tree.root}/data/providers`, { changedSince: "HEAD", fields: "ownership", count: 10, seed: 1 });
    expect(owners.sample.map((fact) => `${fact.id} ${fact.path}`).sort()).toEqual(["b-ai ownership.country_hq", "c-ai ownership.foreign_parent"]);
  });

  it("draws only the Facts a derived answer of the kind asked rests on", async () => {
    const chain = { country_hq: confirmedFact("SE", { source_type: "provider_terms" }), foreign_parent: confirmedFact(false, { source_type: "provider_terms" }), contracting_entity: confirmedFact("Acme AB", { source_type: "provider_terms" }) };
    const own = (partial: boolean) => confirmedFact([{ name: "Acme AB", kind: "own", jurisdiction: "SE" }], { partial, source_type: "provider_terms" });
    tree = await makeTree([
      minimalRecord("named-ai", { ownership: chain, sovereignty: { infrastructure: own(true) } }),
      minimalRecord("found-ai", { ownership: chain, sovereignty: { infrastructure: own(false) } }),
    ]);
    const { population, sample } = await drawSample(`${tree.root}/data/providers`, { behind: "none_named", count: 10, seed: 1 });
    expect(population).toBe(3);
    expect(sample.map((fact) => `${fact.id} ${fact.path}`).sort()).toEqual(["named-ai ownership.country_hq", "named-ai ownership.foreign_parent", "named-ai sovereignty.infrastructure"]);
  });
});
