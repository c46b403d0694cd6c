import { execFile, execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedFact, makeTree, minimalRecord, type Tree } from "./helpers.js";

/**
 * The CSV files read by a real spreadsheet engine: gnumeric's ssconvert (Debian's `gnumeric`), in a Swedish
 * locale, where a comma is the decimal separator and dates are written 2026-02-27. It converts each file to
 * gnumeric's own XML, which says of every cell whether it became text (ValueType 60) or a number or date (40).
 */
const run = promisify(execFile);
const LOCALE = "sv_SE.UTF-8";

function missing(): string | null {
  try {
    execFileSync("ssconvert", ["--version"], { stdio: "ignore" });
  } catch {
    return "gnumeric's ssconvert is not installed (Debian: apt-get install gnumeric)";
  }
  const locales = execFileSync("locale", ["-a"], { encoding: "utf8" }).split("\n");
  if (!locales.some((name) => name.toLowerCase().replace(/-/g, "") === "sv_se.utf8")) return `the ${LOCALE} locale is not generated (locale-gen ${LOCALE})`;
  return null;
}
const why = missing();
if (why) console.warn(`spreadsheet tests skipped: ${why}`);

interface Cell {
  row: number;
  col: number;
  type: number;
  format: string | null;
  text: string;
}

const unescapeXml = (text: string) => text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");

/** The cells of the first sheet, as gnumeric stored them after reading the file. */
async function readInGnumeric(file: string): Promise<Cell[]> {
  const target = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "evidence-gnumeric-")), "out.gnumeric");
  try {
    await run("ssconvert", ["--import-type=Gnumeric_stf:stf_csvtab", file, target], { env: { ...process.env, LC_ALL: LOCALE, LANG: LOCALE } });
    const xml = gunzipSync(await fs.readFile(target)).toString("utf8");
    const sheet = xml.slice(0, xml.indexOf("</gnm:Sheet>"));
    return [...sheet.matchAll(/<gnm:Cell Row="(\d+)" Col="(\d+)" ValueType="(\d+)"(?: ValueFormat="([^"]*)")?>([^<]*)<\/gnm:Cell>/g)].map((match) => ({
      row: Number(match[1]),
      col: Number(match[2]),
      type: Number(match[3]),
      format: match[4] ?? null,
      text: unescapeXml(match[5]!),
    }));
  } finally {
    await fs.rm(path.dirname(target), { recursive: true, force: true });
  }
}

const TEXT = 60;
const NUMBER = 40;

/** A cell gnumeric holds as a formula: no value type, the expression as its text. */
interface FormulaCell {
  row: number;
  col: number;
  expression: string;
}

/**
 * The file as Excel opens a .csv where the list separator is ; (Swedish, German, French settings): split at every
 * ;, whatever the commas and quotes say. Gnumeric does the same when it guesses the separator of a text file in
 * such a locale (a .txt name, so it guesses rather than taking commas), and keeps a cell that starts with = as
 * a formula. Returns every formula cell.
 */
async function formulasInSemicolonLocale(file: string): Promise<{ formulas: FormulaCell[]; firstCell: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "evidence-gnumeric-"));
  try {
    const copy = path.join(dir, "export.txt");
    await fs.copyFile(file, copy);
    await run("ssconvert", [copy, path.join(dir, "out.gnumeric")], { env: { ...process.env, LC_ALL: LOCALE, LANG: LOCALE } });
    const xml = gunzipSync(await fs.readFile(path.join(dir, "out.gnumeric"))).toString("utf8");
    const sheet = xml.slice(0, xml.indexOf("</gnm:Sheet>"));
    const cells = [...sheet.matchAll(/<gnm:Cell Row="(\d+)" Col="(\d+)"([^>]*)>([^<]*)<\/gnm:Cell>/g)];
    return {
      formulas: cells.filter((cell) => !cell[3]!.includes("ValueType")).map((cell) => ({ row: Number(cell[1]), col: Number(cell[2]), expression: unescapeXml(cell[4]!) })),
      firstCell: unescapeXml(cells.find((cell) => cell[1] === "0" && cell[2] === "0")?.[4] ?? ""),
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

describe.skipIf(why !== null)("the CSV files in a spreadsheet engine (gnumeric, Swedish locale)", () => {
  let tree: Tree;
  beforeAll(async () => {
    tree = await makeTree([
      minimalRecord("acme-ai", {
        name: "Åre AI Umeå",
        ownership: { country_hq: confirmedFact("SE", { source_type: "provider_terms", source_date: "2026-02" }) },
        compliance: { gdpr_dpa_available: confirmedFact(true, { source_type: "provider_terms", source_date: "2026-02-27" }) },
      }),
    ]);
    await tree.build();
  });
  afterAll(async () => tree?.cleanup());

  const cellsOf = async (file: string) => {
    const cells = await readInGnumeric(path.join(tree.paths.publicDir, file));
    const header = cells.filter((cell) => cell.row === 0).map((cell) => cell.text);
    const at = (row: number, column: string) => cells.find((cell) => cell.row === row && cell.col === header.indexOf(column));
    return { header, at };
  };

  it("data.csv: the byte-order mark is read as UTF-8 (å, ä, ö intact, no stray character before the first header)", async () => {
    const { header, at } = await cellsOf("api/data.csv");
    expect(header[0]).toBe("provider_id");
    expect(at(1, "provider_name")?.text).toBe("Åre AI Umeå");
  });

  it("data.csv: a month-precision source date stays the text 2026-02; a full date becomes that day", async () => {
    const { at } = await cellsOf("api/data.csv");
    // Rows: availability_status, ownership.country_hq, sovereignty.cloud_act_exposure (derived), compliance.gdpr_dpa_available.
    expect(at(2, "field")?.text).toBe("country_hq");
    expect(at(2, "source_date")).toMatchObject({ type: TEXT, text: "2026-02" });
    expect(at(4, "field")?.text).toBe("gdpr_dpa_available");
    expect(at(4, "source_date")).toMatchObject({ type: NUMBER, text: String(Date.UTC(2026, 1, 27) / 86_400_000 + 25_569) });
  });

  it("providers.csv: the same for the answers' source dates, beside their source links and the record's path on the site", async () => {
    const { header, at } = await cellsOf("api/providers.csv");
    expect(header[0]).toBe("Provider id");
    expect(at(1, "Provider")?.text).toBe("Åre AI Umeå");
    expect(at(1, "HQ country (contracting entity): source date")).toMatchObject({ type: TEXT, text: "2026-02" });
    expect(at(1, "HQ country (contracting entity): source")?.text).toBe("https://acme.example/page");
    expect(at(1, "Evidence (API path on this site)")?.text).toBe("/api/data/acme-ai");
  });
});

describe.skipIf(why !== null)("the CSV files opened where the list separator is ; (gnumeric, Swedish locale)", () => {
  // Text a hostile or careless source could hold: a formula after a ;, after a ; and spaces, after a line break.
  // Each ends its formula with a ; so that the cell holds it alone, as the attack in the finding did.
  const ATTACKS = ["See terms;=2+3;", "Prices; =4+5;apply", "two lines\n=6+7;", "a; -8+9;"];
  let tree: Tree;
  beforeAll(async () => {
    const note = (index: number) => `${ATTACKS[index % ATTACKS.length]}`;
    tree = await makeTree([
      minimalRecord("acme-ai", {
        availability_status: confirmedFact("live", { note: note(0), quote: note(1) }),
        ownership: { country_hq: confirmedFact("SE", { source_type: "provider_terms", note: note(1), quote: note(2) }) },
        compliance: { gdpr_dpa_available: confirmedFact(true, { source_type: "provider_terms", note: note(2), quote: note(3), display: note(3) }) },
        pricing: {
          currency: confirmedFact("EUR", { source_type: "pricing_page", note: note(3) }),
          price_per_1m_input_tokens: confirmedFact(0.5, { source_type: "pricing_page", note: note(0), quote: note(0) }),
          reference_model: confirmedFact("model;=10+11;", { source_type: "pricing_page" }),
        },
      }),
      minimalRecord("beta-ai", { name: "Beta; =12+13;", availability_status: confirmedFact("live", { note: "Ordinary text; with a semicolon", quote: note(1) }) }),
    ]);
    await tree.build();
  });
  afterAll(async () => tree?.cleanup());

  for (const file of ["api/data.csv", "api/providers.csv", "api/prices.csv", "api/plain/data.csv", "api/plain/providers.csv", "api/plain/prices.csv"]) {
    it(`${file}: split at every ;, no cell is a formula`, async () => {
      const { formulas, firstCell } = await formulasInSemicolonLocale(path.join(tree.paths.publicDir, file));
      // Gnumeric split at the ;, not the comma (the header, which has no ;, is one cell): it reads what Excel would.
      expect(firstCell.split(",").length).toBeGreaterThan(5);
      expect(formulas).toEqual([]);
    });
  }

  it("leaves ordinary text as it was written, and marks only where a formula would start", async () => {
    const { parse } = await import("csv-parse/sync");
    const rows = parse(await tree.read("api/data.csv"), { columns: true, bom: true }) as Array<Record<string, string>>;
    const notes = rows.map((row) => row.note);
    expect(notes).toContain("Ordinary text; with a semicolon");
    expect(notes).toContain("See terms;'=2+3;");
    expect(notes).toContain("Prices;' =4+5;apply");
    expect(notes).toContain("two lines\n'=6+7;");
    expect(notes).toContain("a;' -8+9;");
    expect(rows.find((row) => row.provider_id === "beta-ai")?.provider_name).toBe("Beta;' =12+13;");
  });
});
