import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LoadedData } from "../scripts/load/loadData.js";
import { validateData } from "../scripts/validate/validate.js";
import { scanJson } from "../scripts/load/jsonScan.js";
import { jsonPath } from "../scripts/problems.js";
import { DATASET_META, TODAY, minimalRecord } from "./helpers.js";

const RICH = minimalRecord("acme-ai", {
  legal_name: "Acme AI AB",
  ownership: { country_hq: { value: "SE", status: "confirmed", source_url: "https://a.example/l", source_type: "provider_terms", source_date: null, verified_at: "2026-11-01", verified_by: "manual" } },
  sovereignty: { datacenter_locations: { value: [{ country: "SE", city: "Stockholm", role: "inference" }], status: "claimed", partial: true, source_url: "https://a.example/s", source_type: "provider_site", source_date: null } },
  compliance: { certifications: { value: [{ name: "ISO 27001", achieved: true }], status: "claimed", partial: false, source_url: "https://a.example/c", source_type: "provider_site", source_date: null } },
  pricing: { currency: { value: "EUR", status: "confirmed", source_url: "https://a.example/p", source_type: "pricing_page", source_date: null, verified_at: "2026-11-01", verified_by: "manual" }, _observed: { items: [{ input: 1 }] } },
  models: { value: [{ name: "m", input_price: 0.1, context_tokens: 8192 }], status: "confirmed", partial: true, source_url: "https://a.example/m", source_type: "provider_docs", source_date: null, verified_at: "2026-11-01", verified_by: "manual" },
});

type Path = Array<string | number>;

function paths(value: unknown, prefix: Path = []): Path[] {
  const out: Path[] = [prefix];
  if (Array.isArray(value)) value.forEach((item, index) => out.push(...paths(item, [...prefix, index])));
  else if (value && typeof value === "object") for (const [key, inner] of Object.entries(value)) out.push(...paths(inner, [...prefix, key]));
  return out;
}

const ALL_PATHS = paths(RICH).filter((p) => p.length > 0);

function mutate(record: unknown, path: Path, replacement: unknown, remove: boolean): unknown {
  const copy = structuredClone(record) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove && !Array.isArray(node)) delete node[last];
  else node[last] = replacement;
  return copy;
}

const loaded = (value: unknown, stem = "acme-ai"): LoadedData => ({
  meta: { file: "data/dataset.json", stem: "dataset", value: DATASET_META },
  providers: [{ file: `data/providers/${stem}.json`, stem, value }],
  observations: [],
  sourceDates: null,
  sourceWatch: null,
  documentVersions: null,
  registry: [],
  corroborations: [],
  problems: [],
});

describe("property: the validator never throws", () => {
  it("on 10,000 random mutations of a valid record it returns errors or a valid dataset", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ALL_PATHS), fc.jsonValue({ maxDepth: 3 }), fc.boolean(), (path, replacement, remove) => {
        const result = validateData(loaded(mutate(RICH, path, replacement, remove)), TODAY);
        const errors = result.problems.filter((p) => p.severity === "error");
        if (errors.length === 0) expect(result.providers).toHaveLength(1);
        else {
          expect(result.providers).toHaveLength(0);
          for (const problem of errors) expect(problem.path.startsWith("$")).toBe(true);
        }
      }),
      {
        numRuns: 10_000,
        // Found by an earlier run: a member named "__proto__" made the schema walk read Object.prototype.
        examples: [[["pricing", "_observed", "items", 0], JSON.parse('{"__proto__": {}}'), false]],
      },
    );
  }, 120_000);

  it("on 2,000 arbitrary JSON documents it never throws", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const result = validateData(loaded(value), TODAY);
        expect(Array.isArray(result.problems)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  }, 60_000);

  it("the valid starting record is itself valid (so the mutations test something)", () => {
    const result = validateData(loaded(RICH), TODAY);
    expect(result.problems.filter((p) => p.severity === "error")).toEqual([]);
  });
});

describe("the scan for what JSON.parse hides", () => {
  it("finds a member named twice at any depth, under its JSON path, and nothing in text without one", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.nat(), fc.string(), fc.nat({ max: 3 }), (value, pick, key, indent) => {
        expect(scanJson(JSON.stringify(value, null, indent))).toBeNull();
        // A sentinel object holding `key` twice, placed at one of the value's paths (or as the whole).
        const places = paths(value);
        const place = places[pick % places.length]!;
        const sentinel = "\u0000twice\u0000";
        const holder = place.length === 0 ? sentinel : mutate(value, place, sentinel, false);
        const member = JSON.stringify(key);
        const text = JSON.stringify(holder, null, indent).replace(JSON.stringify(sentinel), () => `{${member}: 1, ${member}: [2]}`);
        const found = scanJson(text);
        expect(found?.kind).toBe("duplicate-key");
        expect(found?.path).toBe(jsonPath([...place, key]));
      }),
      { numRuns: 3_000 },
    );
  });
});
