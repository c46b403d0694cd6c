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
