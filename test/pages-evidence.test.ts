import { readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUYER_QUESTIONS, asks } from "../scripts/schema/buyerQuestions.js";
import { REPO_ROOT, confirmedFact, makeTree, minimalRecord, type Tree } from "./helpers.js";

/**
 * The pages built from records whose Facts come from every kind of source: each claimed Fact is labelled by
 * whose statement it is, the source's own words stand under the value, who can reach the data names its grade
 * and deciding link, a price says in and out and VAT, and every Fact has a prefilled correction link.
 */
const REPOSITORY = "https://github.com/example-org/evidence";
const PINNED_COMMIT = "0123456789abcdef0123456789abcdef01234567";
const terms = (value: unknown, extra: Record<string, unknown> = {}) => confirmedFact(value, { source_type: "provider_terms", source_url: "https://acme.example/terms", ...extra });
const claimedFrom = (sourceType: string, value: unknown, extra: Record<string, unknown> = {}) => ({
  value,
  status: "claimed",
  source_url: `https://${sourceType.replace(/_/g, "-")}.example/article`,
  source_type: sourceType,
  source_date: "2026-09",
  verified_at: "2026-11-01",
  verified_by: "manual",
  ...extra,
});

let tree: Tree;
let bare: Tree;

beforeAll(async () => {
  tree = await makeTree([
    minimalRecord("acme-ai", {
      name: "Acme AI",
      ownership: {
        country_hq: terms("SE", { quote: "Acme AI AB, a Swedish limited company, Storgatan 1, Stockholm.", locator: "Terms, section 1" }),
        ownership_jurisdiction: claimedFrom("press", "SE"),
        foreign_parent: claimedFrom("third_party", false),
      },
      sovereignty: {
        datacenter_locations: terms([{ country: "SE" }], { partial: false }),
        infrastructure: terms([{ name: "AWS", kind: "cloud", jurisdiction: "US" }], { partial: false }),
      },
      compliance: {
        gdpr_dpa_available: terms(true, { quote: "We sign a data processing agreement with every customer." }),
        data_used_for_training: claimedFrom("provider_site", "never"),
        // A pinned copy of a document the provider serves on its own site: the note says where.
        subprocessors_list_url: terms("https://acme.example/subprocessors", {
          source_url: "https://github.com/acme/site/blob/0123456789abcdef0123456789abcdef01234567/public/subprocessors.md",
          source_date: null,
          note: "Read in the acme/site repository at a pinned commit; served as acme.example/subprocessors.",
        }),
      },
      pricing: {
        currency: confirmedFact("EUR", { source_type: "pricing_page" }),
        vat_included: confirmedFact(false, { source_type: "pricing_page" }),
        price_per_1m_input_tokens: confirmedFact(0.2, { source_type: "pricing_page", valid_from: "2026-09-01" }),
        price_per_1m_output_tokens: confirmedFact(0.6, { source_type: "pricing_page" }),
        reference_model: confirmedFact("small-1", { source_type: "pricing_page" }),
      },
    }),
    // Its seat is the provider's own word: the derived answer resting on it is claimed, and labelled "derived".
    minimalRecord("usco-ai", { name: "USCo AI", ownership: { country_hq: claimedFrom("provider_site", "US"), ownership_jurisdiction: terms("US"), foreign_parent: terms(true), ultimate_parent: terms("USCo Holdings Inc") } }),
  ]);
  // The pinned file's date is computed, never typed: the source-dates file says the history could not be read.
  await tree.writeRaw(
    "data/source-dates.json",
    JSON.stringify({ files: { [`github.com/acme/site@${PINNED_COMMIT}:public/subprocessors.md`]: { date: null, unresolved: "history not read in this test", checked_at: "2026-11-01" } } }),
  );
  await tree.build({ repositoryUrl: REPOSITORY });
  bare = await makeTree([minimalRecord("acme-ai", { compliance: { gdpr_dpa_available: terms(true) } })]);
  await bare.build();
});

afterAll(async () => {
  await tree?.cleanup();
  await bare?.cleanup();
});

/** One table row of a page, by its anchor. */
function rowOf(page: string, anchor: string): string {
  const start = page.indexOf(`<tr id="${anchor}">`);
  expect(start, anchor).toBeGreaterThan(-1);
  return page.slice(start, page.indexOf("</tr>", start));
}
const badgeOf = (row: string) => /<span class="badge badge-[a-z_]+">([^<]*)<\/span>/.exec(row)?.[1];
const decode = (text: string) => text.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">");

describe("labels no stronger than their evidence, on every page", () => {
  it("labels a claimed Fact by whose statement it is: own statement only when the provider said it", async () => {
    for (const [file, labels] of [
      ["", { press: "press report", third: "third-party report", own: "own statement", derived: "derived" }],
      ["sv/", { press: "uppgift i press", third: "uppgift från tredje part", own: "egen uppgift", derived: "härledd" }],
    ] as const) {
      for (const kind of ["providers/ID.html"]) {
        const page = await tree.read(file + kind.replace("ID", "acme-ai"));
        expect(badgeOf(rowOf(page, "fact-ownership-ownership_jurisdiction")), file).toBe(labels.press);
        expect(badgeOf(rowOf(page, "fact-ownership-foreign_parent")), file).toBe(labels.third);
        expect(badgeOf(rowOf(page, "fact-compliance-data_used_for_training")), file).toBe(labels.own);
        // A derived answer carries the weakest status of its inputs: confirmed when all are, else labelled derived.
        expect(badgeOf(rowOf(page, "fact-sovereignty-cloud_act_exposure")), file).toBe(file ? "bekräftad" : "confirmed");
        expect(badgeOf(rowOf(await tree.read(file + kind.replace("ID", "usco-ai")), "fact-sovereignty-cloud_act_exposure")), file).toBe(labels.derived);
      }
    }
  });

  it("never badges a press, third-party, register or derived Fact as an own statement, on any page of either language", async () => {
    const pages = (await readdir(tree.paths.publicDir, { recursive: true })).filter((file) => file.endsWith(".html"));
    let rows = 0;
    for (const file of pages) {
      const page = await readFile(path.join(tree.paths.publicDir, file), "utf8");
      for (const anchor of ["fact-ownership-ownership_jurisdiction", "fact-ownership-foreign_parent", "fact-sovereignty-cloud_act_exposure"]) {
        const at = page.indexOf(`<tr id="${anchor}">`);
        if (at === -1) continue;
        rows += 1;
        expect(["own statement", "egen uppgift"], `${file} ${anchor}`).not.toContain(badgeOf(rowOf(page, anchor)));
      }
      // The result cards: the headline answers of a record whose cloud answer is derived.
      for (const badge of page.matchAll(/<dt>(?:US CLOUD Act exposure|Exponering för amerikanska CLOUD Act)<\/dt><dd>.*?<span class="badge badge-[a-z_]+">([^<]*)<\/span>/g)) {
        rows += 1;
        expect(["own statement", "egen uppgift"], file).not.toContain(badge[1]);
      }
    }
    expect(rows).toBeGreaterThanOrEqual(14);
  });

  it("shows the source's own words, with where they stand, under the value", async () => {
    const page = await tree.read("providers/acme-ai.html");
    const row = rowOf(page, "fact-ownership-country_hq");
    expect(row).toContain('<blockquote class="quote" cite="https://acme.example/terms">');
    expect(row).toContain("Acme AI AB, a Swedish limited company, Storgatan 1, Stockholm.");
    expect(row).toContain("(Terms, section 1)");
    const sv = await tree.read("sv/providers/acme-ai.html");
    expect(rowOf(sv, "fact-compliance-gdpr_dpa_available")).toContain("We sign a data processing agreement with every customer.");
    expect(rowOf(sv, "fact-compliance-gdpr_dpa_available")).toContain("Med källans ord:");
  });

  it("shows the address the provider serves a document at first, and the pinned repository file beside it as the archived copy", async () => {
    const row = rowOf(await tree.read("providers/acme-ai.html"), "fact-compliance-subprocessors_list_url");
    expect(row).toContain('<a class="src" href="https://acme.example/subprocessors" rel="nofollow noopener">acme.example</a>');
    expect(row).toMatch(/· <a class="src" href="https:\/\/github\.com\/acme\/site\/blob\/0123456789abcdef0123456789abcdef01234567\/public\/subprocessors\.md" rel="nofollow noopener">archived copy<\/a>/);
    expect(row.indexOf("acme.example</a>")).toBeLessThan(row.indexOf("archived copy"));
  });

  it("names the grade and the link that decided who can reach the data, in words, in both languages", async () => {
    const index = await tree.read("index.html");
    expect(decode(index)).toContain("exposed through infrastructure — core hosting or model in US hands: <span class=\"deciding\">AWS (cloud, US parent)</span>");
    const sv = decode(await tree.read("sv/index.html"));
    expect(sv).toContain("exponerad via infrastruktur — drift eller modell i amerikanska händer: <span class=\"deciding\">AWS (moln, amerikansk ägare)</span>");
    const usco = decode(await tree.read("providers/usco-ai.html"));
    // The seat decides first; a contracting entity whose name is not recorded is named by its role, in both languages.
    expect(usco).toContain("exposed through ownership — operator or parent is US: <span class=\"deciding\">the contracting entity (contracting entity, US)</span>");
    expect(decode(await tree.read("sv/providers/usco-ai.html"))).toContain("exponerad via ägarskap — leverantören eller ägaren är amerikansk: <span class=\"deciding\">avtalsparten (avtalspart, USA)</span>");
    expect(decode(rowOf(await tree.read("providers/acme-ai.html"), "fact-sovereignty-cloud_act_exposure"))).toContain("derived from Runs on");
  });

  it("says a price with in and out, VAT and the day it is valid from, on the card, the page and the pack", async () => {
    // The model's name is a data value: marked so, never translated.
    expect(decode(await tree.read("index.html"))).toContain('0.20 EUR in / 0.60 EUR out per 1M tokens, VAT excluded (for <span translate="no">small-1</span>)');
    expect(decode(await tree.read("sv/index.html"))).toContain('0,20 EUR indata / 0,60 EUR utdata per miljon token, exklusive moms (för <span translate="no">small-1</span>)');
    const row = decode(rowOf(await tree.read("providers/acme-ai.html"), "fact-pricing-price_per_1m_input_tokens"));
    expect(row).toContain("valid from 2026-09-01");
    expect(decode(rowOf(await tree.read("providers/acme-ai.html"), "fact-pricing-price_per_1m_output_tokens"))).toContain("0.60 EUR out per 1M tokens, VAT excluded");
  });

  it("hands the procurement pack every buyer question, in both languages, with the version and the objectives", async () => {
    const version = JSON.parse(await tree.read("api/status.json")).dataset_version as string;
    for (const [file, lang] of [
      ["pack.html", "en"],
      ["sv/pack.html", "sv"],
    ] as const) {
      const page = await tree.read(file);
      const data = JSON.parse(/<script type="application\/json" id="pack-data">(.*?)<\/script>/s.exec(page)![1]!) as { version: string; baseUrl: string; repository: string; rows: Array<{ key: string; label: string; of: string[] | null }> };
      expect(data.version).toBe(version);
      expect(data.baseUrl).toBe("https://example.test");
      expect(data.repository).toBe(REPOSITORY);
      for (const question of BUYER_QUESTIONS) expect(data.rows.find((row) => row.key === question.key)?.label, `${file} ${question.key}`).toBe(question.label[lang]);
      expect(data.rows.filter((row) => row.of !== null && !row.of.includes("compute_gpu")).map((row) => row.key)).toEqual(expect.arrayContaining(BUYER_QUESTIONS.filter((entry) => !asks(entry, "compute_gpu")).map((entry) => entry.key)));
    }
    // Every provider page leads to its pack.
    expect(await tree.read("sv/providers/acme-ai.html")).toContain('href="../../sv/pack.html?id=acme-ai"');
    const usco = decode(await tree.read("providers/usco-ai.html"));
    expect(usco).toContain("at most SEAL-2 (Data Sovereignty)</strong>, on a Fact that is confirmed");
    expect(decode(await tree.read("sv/providers/usco-ai.html"))).toContain("högst SEAL-2 (Datasuveränitet)");
    // Acme's owners are not US, but a US cloud holds its data: a ceiling on SOV-2, none on SOV-1.
    const acme = decode(await tree.read("providers/acme-ai.html"));
    expect(acme.match(/at most SEAL-/g)).toHaveLength(1);
    expect(acme).toMatch(/SOV-2 Legal & Jurisdictional Sovereignty<\/th><td><strong>at most SEAL-2/);
    expect(acme).toMatch(/SOV-1 Strategic Sovereignty<\/th><td><span class="muted">no level can be decided from this evidence/);
  });
});

describe("a way for readers to correct us", () => {
  const form = readFileSync(path.join(REPO_ROOT, ".github", "ISSUE_TEMPLATE", "correction.yml"), "utf8");
  const fieldIds = [...form.matchAll(/^\s+id: (\w+)$/gm)].map((match) => match[1]);

  it("has an issue form with the fields a reviewer needs", () => {
    expect(fieldIds).toEqual(["provider", "field", "value_seen", "proposed_value", "source_url", "source_words"]);
  });

  it("links every Fact to the form, prefilled with the provider, the field and the value seen", async () => {
    const page = await tree.read("providers/acme-ai.html");
    const links = [...page.matchAll(/<a class="correct" href="([^"]+)"/g)].map((match) => new URL(decode(match[1]!)));
    const facts = (page.match(/<tr id="fact-/g) ?? []).length;
    expect(links.length).toBe(facts);
    const row = rowOf(page, "fact-compliance-gdpr_dpa_available");
    const link = new URL(decode(/<a class="correct" href="([^"]+)"/.exec(row)![1]!));
    expect(`${link.origin}${link.pathname}`).toBe(`${REPOSITORY}/issues/new`);
    expect(link.searchParams.get("template")).toBe("correction.yml");
    expect(link.searchParams.get("title")).toBe("Correction: Acme AI, DPA offered");
    expect(link.searchParams.get("provider")).toBe("acme-ai");
    expect(link.searchParams.get("field")).toBe("compliance.gdpr_dpa_available");
    expect(link.searchParams.get("value_seen")).toBe("yes (confirmed)");
    expect(new URL(decode(/<a class="correct" href="([^"]+)"/.exec(rowOf(page, "fact-ownership-ownership_jurisdiction"))![1]!)).searchParams.get("value_seen")).toBe("SE (press report)");
    for (const name of link.searchParams.keys()) if (name !== "template" && name !== "title") expect(fieldIds).toContain(name);
    // The Swedish page links to the same form; the pack and the comparison get the repository in their data block.
    expect(rowOf(await tree.read("sv/providers/acme-ai.html"), "fact-compliance-gdpr_dpa_available")).toContain(`${REPOSITORY}/issues/new?template=correction.yml`);
  });

  it("writes no correction link when the build does not know the repository", async () => {
    for (const file of ["providers/acme-ai.html", "sv/providers/acme-ai.html"]) expect(await bare.read(file)).not.toContain('class="correct"');
    for (const file of ["pack.html", "compare.html"]) expect(await bare.read(file)).toContain('"repository":null');
  });
});
