import { readFileSync } from "node:fs";
import path from "node:path";
import { readCFF, validateCFF } from "cffjs";
import { describe, expect, it } from "vitest";
import { CONCEPT_DOI } from "../scripts/site/version.js";
import { REPO_ROOT } from "./helpers.js";

// The Citation File Format's own JSON Schema (1.2.0), as the cffjs package ships and applies it with ajv.
const cff = () => readCFF(path.join(REPO_ROOT, "CITATION.cff")) as Record<string, unknown>;

describe("CITATION.cff and .zenodo.json", () => {
  it("CITATION.cff is valid Citation File Format 1.2.0, and says it is a dataset under CC BY 4.0", () => {
    const citation = cff();
    // validateCFF would quietly check another version as 1.2.0: the version is asserted first.
    expect(citation["cff-version"]).toBe("1.2.0");
    expect(() => validateCFF(structuredClone(citation))).not.toThrow();
    expect(citation).toMatchObject({ type: "dataset", license: "CC-BY-4.0", title: "European AI infrastructure evidence dataset" });
  });

  it("the validator refuses a file that breaks the schema (so the check above can fail)", () => {
    const broken = { ...cff(), type: "data set", authors: [] };
    expect(() => validateCFF(broken)).toThrow(/CFF validation failed/);
    const withoutTitle: Record<string, unknown> = { ...cff() };
    delete withoutTitle.title;
    expect(() => validateCFF(withoutTitle)).toThrow(/title/);
  });

  it(".zenodo.json describes the same dataset for Zenodo's release archive: title, licence, creators, a dataset", () => {
    const zenodo = JSON.parse(readFileSync(path.join(REPO_ROOT, ".zenodo.json"), "utf8")) as Record<string, unknown>;
    const citation = cff();
    expect(zenodo).toMatchObject({ title: citation.title, upload_type: "dataset", license: "cc-by-4.0", access_right: "open" });
    expect((zenodo.creators as Array<{ name: string }>).map((creator) => creator.name)).toEqual((citation.authors as Array<{ name: string }>).map((author) => author.name));
    expect(String(zenodo.description).length).toBeGreaterThan(100);
  });

  it("names the dataset's DOI in both places or in neither (the methodology shows it beside the version form)", () => {
    expect(cff().doi ?? null).toBe(CONCEPT_DOI);
  });
});
