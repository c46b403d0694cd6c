import { promises as fs } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { brreg, gleif } from "../scripts/registry/adapters.js";
import { cleanUp, confirmedFact, listenOnLoopback, makeTree, minimalRecord, runCli, type Tree } from "./helpers.js";

let tree: Tree | undefined;
let server: Server | undefined;
afterEach(async () => {
  await cleanUp(tree, server);
  [tree, server] = [undefined, undefined];
});

const norwegian = (id: string, orgnr: string, legalName = "Acme AS") =>
  minimalRecord(id, { legal_name: legalName, ownership: { country_hq: confirmedFact("NO", { source_type: "provider_terms" }), org_number: confirmedFact(orgnr, { source_type: "provider_terms" }) } });

/** Valid Norwegian numbers (mod 11), one per hostile answer. */
const NUMBERS = { country: "991825827", long: "921456875", escapes: "821227062", another: "923609016", good: "974760673" };

function entity(orgnr: string, overrides: Record<string, unknown> = {}) {
  return { organisasjonsnummer: orgnr, navn: "ACME AS", forretningsadresse: { landkode: "NO" }, ...overrides };
}

describe("npm run registry against a hostile register, then npm run validate (review 4, findings 4, 7, 8, 9)", () => {
  it("writes nothing outside data/registry, refuses answers that do not fit the file or are about another company, prints no escape, and validate passes", async () => {
    const answers: Record<string, unknown> = {
      [NUMBERS.country]: entity(NUMBERS.country, { forretningsadresse: { landkode: "NOR" } }),
      [NUMBERS.long]: entity(NUMBERS.long, { navn: "A".repeat(400) }),
      [NUMBERS.escapes]: entity(NUMBERS.escapes, { navn: "ACME\u001b]0;pwned\u0007\u001b[2J AS\u202e" }),
      [NUMBERS.another]: entity("974760673"),
      [NUMBERS.good]: entity(NUMBERS.good),
    };
    server = createServer((request, response) => {
      const orgnr = /\/enheter\/(\d{9})$/.exec(request.url ?? "")?.[1] ?? "";
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answers[orgnr] ?? {}));
    });
    const origin = await listenOnLoopback(server);
    tree = await makeTree([
      norwegian("country-ai", NUMBERS.country),
      norwegian("long-ai", NUMBERS.long),
      norwegian("escape-ai", NUMBERS.escapes),
      norwegian("another-ai", NUMBERS.another),
    ]);
    // A record whose id climbs out of data/registry/, in a file of a plain name.
    await tree.writeProvider("climb-ai", { ...norwegian("climb-ai", NUMBERS.good), id: "../../../../climbed" });
    // The last good answer of country-ai, which a refused answer must leave as it is.
    const kept = { id: "country-ai", register: "brreg", url: `https://virksomhet.brreg.no/nb/oppslag/enheter/${NUMBERS.country}`, org_number: NUMBERS.country, registered_name: "ACME AS", active: true, flags: [], address_country: "NO", checked_at: "2026-11-01T00:00:00Z" };
    await tree.writeRaw("data/registry/country-ai.json", `${JSON.stringify(kept, null, 2)}\n`);

    const run = await runCli(["--root", tree.root, "registry", "--allow-private", "--endpoint", `brreg=${origin}`]);
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
    expect(run.stdout).toMatch(/climbed: skipped, the record's id is not a slug/);
    expect(run.stdout).toMatch(/country-ai: failed, brreg: refused at the door: the answer does not fit data\/registry\/country-ai\.json \(\$\.address_country/);
    expect(run.stdout).toMatch(/long-ai: failed, brreg: refused at the door: .*\$\.registered_name/);
    expect(run.stdout).toMatch(/another-ai: failed, brreg: HTTP 200, an answer about another number \(974760673\) than the one asked \(923609016\)/);
    expect(run.stdout).toContain("escape-ai: brreg 821227062 ACME ]0;pwned [2J AS;");

    await expect(fs.access(path.join(tree.root, "climbed.json"))).rejects.toThrow();
    await expect(fs.access(path.join(tree.paths.data, "climbed.json"))).rejects.toThrow();
    expect((await fs.readdir(path.join(tree.paths.data, "registry"))).sort()).toEqual(["country-ai.json", "escape-ai.json"]);
    expect(JSON.parse(await fs.readFile(path.join(tree.paths.data, "registry", "country-ai.json"), "utf8"))).toEqual(kept);
    expect(JSON.parse(await fs.readFile(path.join(tree.paths.data, "registry", "escape-ai.json"), "utf8")).registered_name).toBe("ACME ]0;pwned [2J AS");

    // The climbing record is itself refused by validate; without it, what the run wrote validates.
    await fs.rm(path.join(tree.paths.providers, "climb-ai.json"));
    const validate = await runCli(["--root", tree.root, "validate", "--today", "2026-11-22"]);
    expect(validate.stderr).not.toContain("error:");
    expect(validate.code).toBe(0);
  });
});

describe("a register's answer is about the company asked (review 4, finding 9)", () => {
  it("Enhetsregisteret: an entity with another organisasjonsnummer is refused, also in a 410", () => {
    expect(brreg.parse(200, entity("974760673"), "923609016")).toMatch(/about another number/);
    expect(brreg.parse(410, { organisasjonsnummer: "974760673", slettedato: "2024-01-01" }, "923609016")).toMatch(/about another number/);
  });

  it("GLEIF: a record of another LEI is refused", () => {
    const body = (lei: string) => ({ data: { type: "lei-records", id: lei, attributes: { lei, entity: { legalName: { name: "OTHER CORP" }, legalAddress: { country: "US" }, status: "ACTIVE" } } } });
    expect(gleif.parse(200, body("529900T8BM49AURSDO55"), "ZXTILKJKG63JELOEG630")).toMatch(/about another number/);
    expect(gleif.parse(200, body("ZXTILKJKG63JELOEG630"), "ZXTILKJKG63JELOEG630")).toMatchObject({ found: true, registeredName: "OTHER CORP" });
  });
});
