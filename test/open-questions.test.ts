import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../scripts/cli/program.js";
import { openQuestionsOf, searchedThrough, searchRecordedIn } from "../scripts/openQuestions.js";
import type { Provider } from "../scripts/schema/index.js";
import { TODAY, confirmedFact, makeTree, minimalRecord, type Tree } from "./helpers.js";

let tree: Tree | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await tree?.cleanup();
  tree = undefined;
});

const unknown = (note?: string) => ({ value: null, status: "unknown", ...(note ? { note } : {}) });
const terms = (value: unknown) => confirmedFact(value, { source_type: "provider_terms", quote: "words" });

/** A Swedish GPU cloud: DPA searched and not found, residency never looked for, owner unknown (searched), no infrastructure. */
const swedish = minimalRecord("nordic-gpu", {
  category: "compute_gpu",
  ownership: { country_hq: terms("SE"), ownership_jurisdiction: unknown("Searched 2026-11-28: the imprint and the register; neither names the owners.") },
  sovereignty: { datacenter_locations: { ...terms([{ country: "SE" }]), partial: true }, data_residency_guarantee: unknown("Not researched yet.") },
  compliance: { gdpr_dpa_available: unknown("Searched 2026-11-28: stored copies of /terms and /privacy; no DPA offered. Second sentence.") },
});
/** A German API that answers only where it is incorporated. */
const german = minimalRecord("german-api", { ownership: { country_hq: terms("DE") } });

describe("open-questions: what a record leaves open and what was searched", () => {
  it("finds the sentence of a note that records a search, and nothing in a note without one", () => {
    expect(searchRecordedIn("Read on 2026-11-01. Searched 2026-11-28: the imprint; no owner named. Later text.")).toBe("Searched 2026-11-28: the imprint; no owner named.");
    expect(searchRecordedIn("The terms say so.")).toBeNull();
    expect(searchRecordedIn(undefined)).toBeNull();
  });

  it("lists each unanswered headline question with the Facts it waits for, derived links included", () => {
    const [german_, nordic] = openQuestionsOf([swedish, german] as unknown as Provider[]);
    expect(nordic!.id).toBe("nordic-gpu");
    expect(nordic!.nordic).toBe(true);
    expect(german_!.nordic).toBe(false);
    const byKey = new Map(nordic!.open.map((question) => [question.key, question]));
    // A GPU cloud is not asked about training or zero retention; its data centre is answered.
    expect([...byKey.keys()]).toEqual(["residency", "cloud_act", "dpa"]);
    expect(byKey.get("dpa")!.facts).toEqual([{ path: "compliance.gdpr_dpa_available", searched: "Searched 2026-11-28: stored copies of /terms and /privacy; no DPA offered." }]);
    expect(searchedThrough(byKey.get("dpa")!)).toBe(true);
    expect(searchedThrough(byKey.get("residency")!)).toBe(false);
    const reach = byKey.get("cloud_act")!;
    expect(reach.facts.map((fact) => fact.path)).toEqual(["ownership.ownership_jurisdiction", "sovereignty.infrastructure"]);
    expect(reach.facts[0]!.searched).toMatch(/^Searched 2026-11-28: the imprint/);
    expect(reach.facts[1]!.searched).toBeNull();
    expect(searchedThrough(reach)).toBe(false);
  });

  it("prints the list from the command line, narrowed to Nordic records and to questions with no search recorded", async () => {
    tree = await makeTree([swedish, german]);
    const output: string[] = [];
    vi.spyOn(console, "log").mockImplementation((...parts: unknown[]) => void output.push(parts.join(" ")));
    expect(await main(["node", "evidence", "--root", tree.root, "open-questions", "--nordic", "--unrecorded", "--today", TODAY])).toBe(0);
    const text = output.join("\n");
    expect(text).toMatch(/^Open headline questions \(Nordic records, no search recorded\): 2 on 1 records; every input's search recorded: 0; not recorded: 2/);
    expect(text).toContain("nordic-gpu (compute_gpu, Nordic)");
    expect(text).toContain("no search recorded");
    expect(text).not.toContain("german-api");
    expect(text).not.toContain("gdpr_dpa_available");
    output.length = 0;
    expect(await main(["node", "evidence", "--root", tree.root, "open-questions", "--question", "dpa", "--json", "--today", TODAY])).toBe(0);
    const parsed = JSON.parse(output.join("\n")) as { records: Array<{ id: string; open: Array<{ key: string }> }> };
    expect(parsed.records.map((record) => [record.id, record.open.map((question) => question.key)])).toEqual([["german-api", ["dpa"]], ["nordic-gpu", ["dpa"]]]);
  });
});
