import { promises as fs } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { commitDay } from "../scripts/sourceDates/forgeApi.js";
import { cleanUp, confirmedFact, listenOnLoopback, makeTree, minimalRecord, runCli, type Tree } from "./helpers.js";

let tree: Tree | undefined;
let server: Server | undefined;
afterEach(async () => {
  await cleanUp(tree, server);
  [tree, server] = [undefined, undefined];
});

const HEAD = "c".repeat(40);

/** What the forge stand-in answers as the committer date, per file. */
const DATES: Record<string, string> = {
  "six-digit-year.md": "+010000-01-01T00:00:00Z",
  "year-9999.md": "9999-12-31T00:00:00Z",
  "year-1900.md": "1900-01-01T00:00:00Z",
  "epoch.md": "1970-01-01T00:00:00Z",
  "30-february.md": "2024-02-30T10:00:00Z",
  "future.md": "2099-01-01T00:00:00Z",
  "after-reading.md": "2026-11-10T00:00:00Z",
  "east.md": "2024-10-08T23:30:00+02:00",
  "west.md": "2024-10-08T23:30:00-02:00",
};

function pinned(file: string, extra: Record<string, unknown> = {}) {
  return confirmedFact("value", { source_url: `https://github.com/acme/docs/blob/${HEAD}/${file}`, source_type: "provider_terms", source_date: null, verified_at: "2026-11-01", ...extra });
}

describe("npm run source-dates against a hostile forge API, then npm run validate (review 4, finding 17)", () => {
  it("keeps no date that is not a real, plausible day before the file was read, and validate passes after --apply", async () => {
    server = createServer((request, response) => {
      const file = new URL(request.url ?? "/", "http://127.0.0.1").searchParams.get("path") ?? "";
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify([{ sha: "d".repeat(40), commit: { committer: { date: DATES[file] ?? "not a date" } } }]));
    });
    const origin = await listenOnLoopback(server);
    const files = Object.keys(DATES);
    tree = await makeTree([
      minimalRecord("acme-ai", {
        ownership: { country_hq: pinned(files[0]!, { value: "SE" }), ownership_jurisdiction: pinned(files[1]!, { value: "SE" }), foreign_parent: pinned(files[2]!, { value: false }) },
        contract: { binding_free: pinned(files[3]!), credits_refundable: pinned(files[4]!), data_portable: pinned(files[5]!), no_lock_in: pinned(files[6]!), egress_free: pinned(files[7]!) },
        onboarding: { signup_url: pinned(files[8]!, { value: "https://acme.example/signup" }) },
      }),
    ]);
    const run = await runCli(["--root", tree.root, "source-dates", "--endpoint", `github=${origin}`, "--allow-private", "--apply"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("9 pinned repository files cited by 9 Facts; 2 dated now, 0 already dated, 7 unresolved");
    const dates = JSON.parse(await fs.readFile(path.join(tree.paths.data, "source-dates.json"), "utf8")).files as Record<string, { date: string | null; unresolved?: string }>;
    const of = (file: string) => dates[`github.com/acme/docs@${HEAD}:${file}`]!;
    expect(of("east.md").date).toBe("2024-10-08");
    expect(of("west.md").date).toBe("2024-10-09");
    for (const file of ["six-digit-year.md", "30-february.md"]) expect(of(file)).toMatchObject({ date: null, unresolved: expect.stringContaining("not an ISO 8601 time of a real day") });
    for (const file of ["year-9999.md", "year-1900.md", "epoch.md", "future.md"]) expect(of(file)).toMatchObject({ date: null, unresolved: expect.stringContaining("refused at the door") });
    expect(of("after-reading.md")).toMatchObject({ date: null, unresolved: expect.stringContaining("after a Fact citing it was verified (2026-11-01)") });

    const validate = await runCli(["--root", tree.root, "validate"]);
    expect(validate.stderr).not.toContain("error:");
    expect(validate.code).toBe(0);
  });

  it("a previously computed date survives a refresh whose answer is refused", async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify([{ sha: "d".repeat(40), commit: { committer: { date: "9999-12-31T00:00:00Z" } } }]));
    });
    const origin = await listenOnLoopback(server);
    tree = await makeTree([minimalRecord("acme-ai", { ownership: { country_hq: pinned("terms.md", { value: "SE", source_date: "2024-10-08" }) } })]);
    const key = `github.com/acme/docs@${HEAD}:terms.md`;
    const before = `{\n  "files": {\n    ${JSON.stringify(key)}: {"date":"2024-10-08","last_change":"${"e".repeat(40)}","via":"github-api","checked_at":"2026-11-02"}\n  }\n}\n`;
    await tree.writeRaw("data/source-dates.json", before);
    const run = await runCli(["--root", tree.root, "source-dates", "--endpoint", `github=${origin}`, "--allow-private", "--refresh"]);
    expect(run.stdout).toContain("0 dated now, 1 already dated");
    expect(JSON.parse(await fs.readFile(path.join(tree.paths.data, "source-dates.json"), "utf8")).files[key].date).toBe("2024-10-08");
    expect((await runCli(["--root", tree.root, "validate"])).code).toBe(0);
  });
});

describe("a forge's commit time is read strictly", () => {
  it.each([
    ["2024-10-08T23:30:00Z", "2024-10-08"],
    ["2024-10-08T23:30:00.000+02:00", "2024-10-08"],
    ["2024-10-08T23:30:00-0200", "2024-10-09"],
    ["2024-02-29T12:00:00Z", "2024-02-29"],
  ])("%s is %s in UTC", (text, day) => {
    expect(commitDay(text)).toBe(day);
  });

  it.each(["+010000-01-01T00:00:00Z", "2024-02-30T10:00:00Z", "2023-02-29T10:00:00Z", "2024-10-08T24:00:00Z", "2024-10-08", "Tue, 08 Oct 2024 23:30:00 GMT", "2024-10-08T23:30:00+15:00"])("%s is no date", (text) => {
    expect(commitDay(text)).toBeNull();
  });
});
