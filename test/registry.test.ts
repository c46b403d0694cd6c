import { promises as fs } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { brreg, gleif, prh, rechercheEntreprises } from "../scripts/registry/adapters.js";
import { sameCompanyName } from "../scripts/registry/names.js";
import { identifierOf } from "../scripts/registry/orgNumbers.js";
import { cleanUp, confirmedFact, listenOnLoopback, makeTree, minimalRecord, REPO_ROOT, runCli, type Tree } from "./helpers.js";

const FIXTURES = path.join(REPO_ROOT, "test", "fixtures", "registry");

let tree: Tree | undefined;
let server: Server | undefined;
afterEach(async () => {
  await cleanUp(tree, server);
  [tree, server] = [undefined, undefined];
});

/** A record headquartered in Norway with its org number from its own terms. */
function norwegian(id: string, orgnr: string, legalName: string) {
  return minimalRecord(id, {
    legal_name: legalName,
    ownership: {
      country_hq: confirmedFact("NO", { source_type: "provider_terms" }),
      org_number: confirmedFact(orgnr, { source_type: "provider_terms" }),
    },
  });
}

describe("org numbers and their check digits", () => {
  it.each([
    ["559504-7522", "SE", "se-orgnr"],
    ["991825827", "NO", "no-orgnr"],
    ["2431560-5", "FI", "fi-ytunnus"],
    ["433 115 904", "FR", "fr-siren"],
    ["ZXTILKJKG63JELOEG630", null, "lei"],
  ])("%s (%s) is a valid %s", (value, country, kind) => {
    expect(identifierOf(value, country)?.kind).toBe(kind);
  });

  it.each([
    ["559504-7523", "SE", "se-orgnr-checksum"],
    ["991825828", "NO", "no-orgnr-checksum"],
    ["2431560-6", "FI", "fi-ytunnus-checksum"],
    ["433 115 905", "FR", "fr-siren-checksum"],
    ["ZXTILKJKG63JELOEG631", null, "lei-checksum"],
  ])("%s (%s) fails %s", (value, country, rule) => {
    expect(identifierOf(value, country)).toMatchObject({ kind: "invalid", rule });
  });

  it("text that is not a national number (a German register entry) is left alone", () => {
    expect(identifierOf("HRB 12345 (Amtsgericht Berlin)", "DE")).toBeNull();
  });

  it("validate refuses a Norwegian number with a wrong check digit, at its JSON path", async () => {
    tree = await makeTree([norwegian("acme-ai", "991825828", "Acme AS")]);
    const result = await runCli(["--root", tree.root, "validate", "--today", "2026-11-22"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("data/providers/acme-ai.json (id acme-ai) $.ownership.org_number.value: 991825828 fails the mod 11 check of a Norwegian organisation number [no-orgnr-checksum]");
  });

  it("company names match ignoring case, punctuation and the legal form", () => {
    expect(sameCompanyName("Berget AI AB", "BERGET AI AB")).toBe(true);
    expect(sameCompanyName("Scaleway SAS", "SCALEWAY")).toBe(true);
    expect(sameCompanyName("Nebius B.V.", "Nebius BV")).toBe(true);
    expect(sameCompanyName("Nebius B.V.", "Nebius Group N.V.")).toBe(false);
  });
});

describe("npm run registry", () => {
  async function enhetsregisteret(): Promise<{ origin: string; asked: string[] }> {
    const asked: string[] = [];
    const answers = new Map<string, string>();
    for (const name of await fs.readdir(FIXTURES)) {
      const match = /^brreg-(\d{9})\.json$/.exec(name);
      if (match) answers.set(match[1]!, await fs.readFile(path.join(FIXTURES, name), "utf8"));
    }
    server = createServer((request, response) => {
      asked.push(request.url ?? "");
      const orgnr = /^\/enhetsregisteret\/api\/enheter\/(\d{9})$/.exec(request.url ?? "")?.[1];
      const body = orgnr ? answers.get(orgnr) : undefined;
      response.writeHead(body ? 200 : 404, { "content-type": "application/json" });
      response.end(body ?? JSON.stringify({ status: 404, error: "Not Found" }));
    });
    return { origin: await listenOnLoopback(server), asked };
  }

  it("publishes the register's answer as _registry and corroborates the org number of a live company", async () => {
    const { origin, asked } = await enhetsregisteret();
    tree = await makeTree([norwegian("digdir", "991825827", "Digitaliseringsdirektoratet")]);
    const refused = await runCli(["--root", tree.root, "registry", "--only", "digdir", "--endpoint", `brreg=${origin}`]);
    expect(refused.stdout).toContain("1 failed");
    expect(asked).toHaveLength(0);

    const run = await runCli(["--root", tree.root, "registry", "--only", "digdir", "--allow-private", "--endpoint", `brreg=${origin}`]);
    expect(run.code).toBe(0);
    expect(asked).toEqual(["/enhetsregisteret/api/enheter/991825827"]);
    const saved = JSON.parse(await fs.readFile(path.join(tree.paths.data, "registry", "digdir.json"), "utf8"));
    expect(saved).toMatchObject({ register: "brreg", org_number: "991825827", registered_name: "DIGITALISERINGSDIREKTORATET", active: true, flags: [], address_country: "NO" });

    await tree.build();
    const published = JSON.parse(await tree.read("api/data/digdir/index.json"));
    expect(published._registry).toEqual({
      register: "brreg",
      url: "https://virksomhet.brreg.no/nb/oppslag/enheter/991825827",
      org_number: "991825827",
      registered_name: "DIGITALISERINGSDIREKTORATET",
      active: true,
      flags: [],
      checked_at: saved.checked_at,
    });
    expect(published.ownership.org_number).toMatchObject({ value: "991825827", corroborated_by: "registry", corroborated_at: saved.checked_at.slice(0, 10) });
    expect(published.ownership.country_hq).toMatchObject({ corroborated_by: "registry" });
    expect(JSON.parse(await tree.read("api/review-queue.json"))).toEqual([]);
  });

  it("flags a bankrupt company, a deleted one and an unknown number, and asks a person instead of overwriting", async () => {
    const { origin } = await enhetsregisteret();
    tree = await makeTree([
      norwegian("kafe-ai", "921456875", "Testkafeen AS"),
      norwegian("gone-ai", "821227062", "Vestfold og Telemark fylkeskommune"),
      norwegian("ghost-ai", "923609016", "Ghost AS"),
    ]);
    const summaryFile = path.join(tree.root, "summary.md");
    const run = await runCli(["--root", tree.root, "registry", "--allow-private", "--endpoint", `brreg=${origin}`, "--summary-file", summaryFile]);
    expect(run.stdout).toContain("3 answered");
    expect(await fs.readFile(summaryFile, "utf8")).toContain("- `kafe-ai`: brreg 921456875, bankrupt (https://virksomhet.brreg.no/nb/oppslag/enheter/921456875)");
    expect(run.stdout).toContain("kafe-ai: brreg 921456875 TESTKAFEEN AS; flags bankrupt (new: bankrupt)");
    const read = async (id: string) => JSON.parse(await fs.readFile(path.join(tree!.paths.data, "registry", `${id}.json`), "utf8"));
    expect(await read("kafe-ai")).toMatchObject({ active: false, flags: ["bankrupt"] });
    expect((await read("gone-ai")).flags).toEqual(expect.arrayContaining(["deleted", "name_differs"]));
    expect(await read("ghost-ai")).toMatchObject({ active: false, flags: ["not_found"], registered_name: null });

    await tree.build();
    const queue = JSON.parse(await tree.read("api/review-queue.json"));
    expect(queue).toContainEqual(expect.objectContaining({ kind: "registry_mismatch", provider: "kafe-ai", path: "$.ownership.org_number", observed_value: ["bankrupt"] }));
    expect(queue.filter((entry: { kind: string }) => entry.kind === "registry_mismatch")).toHaveLength(3);
    const kafe = JSON.parse(await tree.read("api/data/kafe-ai/index.json"));
    expect(kafe._registry.flags).toEqual(["bankrupt"]);
    expect(kafe.ownership.org_number).not.toHaveProperty("corroborated_by");
    expect(kafe.ownership.org_number.value).toBe("921456875");
  });

  it("asks PRH for a Finnish business ID", async () => {
    const asked: string[] = [];
    server = createServer((request, response) => {
      asked.push(request.url ?? "");
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ totalResults: 1, companies: [{ businessId: { value: "2431560-5" }, names: [{ name: "UpCloud Oy", type: "1", endDate: null }], companySituations: [] }] }));
    });
    const origin = await listenOnLoopback(server);
    tree = await makeTree([minimalRecord("upcloud-like", { legal_name: "UpCloud Oy", ownership: { country_hq: confirmedFact("FI", { source_type: "provider_terms" }), org_number: confirmedFact("2431560-5") } })]);
    const run = await runCli(["--root", tree.root, "registry", "--allow-private", "--endpoint", `prh=${origin}`]);
    expect(run.stdout).toContain("upcloud-like: prh 2431560-5 UpCloud Oy; flags none");
    expect(asked).toEqual(["/opendata-ytj-api/v3/companies?businessId=2431560-5"]);
  });

  it("skips a Swedish number (Bolagsverket needs credentials) without asking anyone", async () => {
    tree = await makeTree([minimalRecord("berget-like", { ownership: { country_hq: confirmedFact("SE", { source_type: "provider_terms" }), org_number: confirmedFact("559504-7522") } })]);
    const run = await runCli(["--root", tree.root, "registry"]);
    expect(run.stdout).toContain("berget-like: skipped, se-orgnr: the register needs credentials");
  });
});

describe("a register corroborates only the company it names", () => {
  /** A register's answer as data/registry/<id>.json holds it: found, active, no flags. */
  const answer = (id: string, registeredName: string | null) =>
    JSON.stringify({ id, register: "brreg", url: `https://virksomhet.brreg.no/nb/oppslag/enheter/991825827`, org_number: "991825827", registered_name: registeredName, active: true, flags: [], address_country: "NO", checked_at: "2026-11-20T08:00:00Z" });

  it("an answer without a name corroborates nothing", async () => {
    tree = await makeTree([norwegian("digdir", "991825827", "Digitaliseringsdirektoratet")]);
    await tree.writeRaw("data/registry/digdir.json", answer("digdir", null));
    await tree.build();
    const published = JSON.parse(await tree.read("api/data/digdir/index.json"));
    expect(published._registry).toMatchObject({ registered_name: null, flags: [] });
    expect(published.ownership.org_number).not.toHaveProperty("corroborated_by");
    expect(published.ownership.country_hq).not.toHaveProperty("corroborated_by");
  });

  it("a record without a legal_name is not corroborated by a register naming another company", async () => {
    const record = norwegian("digdir", "991825827", "unused");
    delete record.legal_name;
    tree = await makeTree([record]);
    await tree.writeRaw("data/registry/digdir.json", answer("digdir", "SOME OTHER COMPANY AS"));
    await tree.build();
    const published = JSON.parse(await tree.read("api/data/digdir/index.json"));
    expect(published._registry).toMatchObject({ registered_name: "SOME OTHER COMPANY AS" });
    expect(published.ownership.org_number).not.toHaveProperty("corroborated_by");
  });

  it("a matching name still corroborates (the control)", async () => {
    tree = await makeTree([norwegian("digdir", "991825827", "Digitaliseringsdirektoratet")]);
    await tree.writeRaw("data/registry/digdir.json", answer("digdir", "DIGITALISERINGSDIREKTORATET"));
    await tree.build();
    const published = JSON.parse(await tree.read("api/data/digdir/index.json"));
    expect(published.ownership.org_number).toMatchObject({ corroborated_by: "registry", corroborated_at: "2026-11-20" });
  });
});

describe("register answer shapes", () => {
  it("GLEIF: an issued, active LEI record in the JSON:API shape", () => {
    const body = { data: { type: "lei-records", id: "ZXTILKJKG63JELOEG630", attributes: { lei: "ZXTILKJKG63JELOEG630", entity: { legalName: { name: "AMAZON.COM, INC.", language: "en" }, legalAddress: { country: "US" }, status: "ACTIVE" }, registration: { status: "ISSUED" } } } };
    expect(gleif.parse(200, body, "ZXTILKJKG63JELOEG630")).toEqual({ found: true, registeredName: "AMAZON.COM, INC.", active: true, stateFlags: [], addressCountry: "US" });
    expect(gleif.parse(404, null, "ZXTILKJKG63JELOEG630")).toMatchObject({ found: false });
  });

  it("Recherche d'entreprises: the result whose siren was asked; a ceased company is deleted", () => {
    const body = { results: [{ siren: "433115904", nom_complet: "SCALEWAY", nom_raison_sociale: "SCALEWAY", etat_administratif: "A", siege: { siret: "43311590400010" } }], total_results: 1 };
    expect(rechercheEntreprises.parse(200, body, "433115904")).toMatchObject({ found: true, registeredName: "SCALEWAY", active: true, addressCountry: "FR" });
    expect(rechercheEntreprises.parse(200, { results: [{ ...body.results[0], etat_administratif: "C" }] }, "433115904")).toMatchObject({ active: false, stateFlags: ["deleted"] });
    expect(rechercheEntreprises.parse(200, { results: [] }, "433115904")).toMatchObject({ found: false });
  });

  it("PRH: the current main name, KONK as bankruptcy, and the asked business ID only", () => {
    const company = { businessId: { value: "2431560-5", registrationDate: "2011-09-02", source: "3" }, names: [{ name: "UpCloud Oy", type: "1", registrationDate: "2011-09-02", endDate: null, version: 1, source: "1" }], companySituations: [] };
    expect(prh.parse(200, { totalResults: 1, companies: [company] }, "2431560-5")).toEqual({ found: true, registeredName: "UpCloud Oy", active: true, stateFlags: [], addressCountry: null });
    expect(prh.parse(200, { totalResults: 1, companies: [{ ...company, companySituations: [{ type: "KONK", registrationDate: "2026-01-02" }] }] }, "2431560-5")).toMatchObject({ active: false, stateFlags: ["bankrupt"] });
    expect(prh.parse(200, { totalResults: 0, companies: [] }, "2431560-5")).toMatchObject({ found: false });
  });

  it("Enhetsregisteret: 404 is not found, 410 removed, an unknown shape is refused", () => {
    expect(brreg.parse(404, null, "923609016")).toMatchObject({ found: false });
    expect(brreg.parse(410, { organisasjonsnummer: "923609016", slettedato: "2024-01-01" }, "923609016")).toMatchObject({ found: true, stateFlags: ["deleted"] });
    expect(brreg.parse(200, { hello: "world" }, "923609016")).toBe("an answer of an unknown shape");
  });
});
