import { promises as fs } from "node:fs";
import path from "node:path";

type Json = Record<string, unknown>;

/** A deterministic pseudo-random sequence, so every run benchmarks the same data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const unknownFact = { value: null, status: "unknown" };

/**
 * Writes a data tree of `count` providers shaped like the real ones: the real records serve as
 * templates (same blocks, the same share of unknown Facts), with models lists of realistic length.
 */
export async function writeSyntheticData(root: string, templates: Json[], count: number): Promise<void> {
  const next = random(count);
  const providers = path.join(root, "data", "providers");
  await fs.mkdir(providers, { recursive: true });
  await fs.writeFile(
    path.join(root, "data", "dataset.json"),
    JSON.stringify({ source: `synthetic benchmark data, ${count} providers`, note: "merge rule", license: "CC-BY-4.0" }),
  );
  // The copies cite the same pinned repository files, whose dates the validator checks against this file.
  const sourceDates = path.join(path.dirname(path.dirname(path.dirname(new URL(import.meta.url).pathname))), "data", "source-dates.json");
  await fs.copyFile(sourceDates, path.join(root, "data", "source-dates.json")).catch(() => undefined);
  const batch: Promise<void>[] = [];
  for (let i = 0; i < count; i += 1) {
    const template = structuredClone(templates[i % templates.length]!);
    const id = `bench-${String(i).padStart(6, "0")}`;
    template.id = id;
    template.name = `Benchmark provider ${i}`;
    // Each synthetic provider is its own company: copies of one template must not be joined by the
    // one-company rule through a shared legal name or org number.
    if (typeof template.legal_name === "string") template.legal_name = `${template.legal_name} (benchmark ${i})`;
    const ownership = template.ownership as { org_number?: unknown } | undefined;
    if (ownership) delete ownership.org_number;
    delete template._contested;
    // Realistic models lists: most providers list none or a few, inference APIs and routers up to 60.
    const models = Math.floor(next() ** 3 * 60);
    if (models > 0) {
      template.models = {
        value: Array.from({ length: models }, (_, m) => ({
          name: `vendor-${m % 7}/model-${m}-${Math.floor(next() * 100)}b`,
          type: next() < 0.7 ? "open" : "closed",
          category: ["text", "embedding", "reranking", "speech", "vision"][m % 5],
          context_tokens: 8192 * (1 + Math.floor(next() * 32)),
          input_price: Math.round(next() * 300) / 100,
          output_price: Math.round(next() * 900) / 100,
        })),
        status: "confirmed",
        partial: true,
        source_url: "https://bench.example/models",
        source_type: "provider_docs",
        source_date: "2026-10-01",
        verified_at: "2026-11-01",
        verified_by: "manual",
      };
      const pricing = (template.pricing ?? {}) as Json;
      pricing.currency = { value: "EUR", status: "confirmed", source_url: "https://bench.example/pricing", source_type: "pricing_page", source_date: null, verified_at: "2026-11-01", verified_by: "manual" };
      template.pricing = pricing;
    }
    // About a third of the researched fields of a new record are still unknown.
    const compliance = (template.compliance ?? {}) as Json;
    for (const key of ["iso_27001", "nis2_dora_relevance", "eu_ai_act_status"]) if (!(key in compliance) && next() < 0.35) compliance[key] = unknownFact;
    template.compliance = compliance;
    batch.push(fs.writeFile(path.join(providers, `${id}.json`), JSON.stringify(template, null, 2)));
    if (batch.length >= 256) await Promise.all(batch.splice(0));
  }
  await Promise.all(batch);
}
