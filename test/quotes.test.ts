import { execFileSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pinnedFileOf, quoteFoundIn } from "../scripts/quotes/match.js";
import { confirmedFact, makeTree, minimalRecord, runCli, type Tree } from "./helpers.js";

let tree: Tree | undefined;
let repository: string | undefined;
afterEach(async () => {
  await tree?.cleanup();
  if (repository) await rm(repository, { recursive: true, force: true });
  tree = undefined;
  repository = undefined;
});

describe("a quote held against its source", () => {
  it("ignores markup, line breaks, typographic quotes and dashes and case, and nothing else", () => {
    const page = "<p>We <strong>never</strong> use Customer Data\nto train models — as stated in our <a href='/dpa'>DPA</a>.</p>";
    expect(quoteFoundIn("we never use customer data to train models - as stated in our DPA", page)).toBe(true);
    expect(quoteFoundIn("We never use customer data to train models", "**We never use** customer data to\n  train models")).toBe(true);
    expect(quoteFoundIn("the customer’s “content”", "the customer's \"content\"")).toBe(true);
    expect(quoteFoundIn("We always use customer data to train models", page)).toBe(false);
    expect(quoteFoundIn("", page)).toBe(false);
    expect(quoteFoundIn("billed per token through `pricing`.", "billed per token through **`pricing`**.")).toBe(true);
    // A JSX page keeps a table's words in its components' props.
    expect(quoteFoundIn("Hosting: Hetzner Online GmbH, Germany", '<Row label="Hosting:" value="Hetzner Online GmbH, Germany" />')).toBe(true);
    // …and in arrays inside a prop's expression; an apostrophe inside a double-quoted cell opens nothing.
    const table = '<Table\n  headers={["Datakategori", "Lagringsperiode"]}\n  rows={[\n    ["Kontodata", "Kontotid + 3 år"],\n    ["Samtale-/forespørselshistorikk", "90 dager (rullerende), justerbart i innstillinger"],\n    ["Kunde\'s logg", "2 år"],\n  ]}\n/>';
    expect(quoteFoundIn("Samtale-/forespørselshistorikk … 90 dager (rullerende), justerbart i innstillinger", table)).toBe(true);
    expect(quoteFoundIn("Kontodata … 90 dager (rullerende)", table)).toBe(true);
    expect(quoteFoundIn("Samtale-/forespørselshistorikk … 30 dager", table)).toBe(false);
  });

  it("finds a quote that elides, only when its parts stand in order", () => {
    const terms = "Data is stored in Stockholm. Backups are kept for 30 days. Support is provided from Sweden.";
    expect(quoteFoundIn("Data is stored in Stockholm. … Support is provided from Sweden.", terms)).toBe(true);
    expect(quoteFoundIn("Data is stored in Stockholm [...] from Sweden", terms)).toBe(true);
    expect(quoteFoundIn("Support is provided from Sweden … Data is stored in Stockholm", terms)).toBe(false);
  });

  it("reads the repository, commit and path a source URL pins", () => {
    expect(pinnedFileOf("https://github.com/acme/docs/blob/0123456789abcdef0123456789abcdef01234567/legal/dpa%20v2.md#L4")).toEqual({
      repository: "acme/docs",
      commit: "0123456789abcdef0123456789abcdef01234567",
      path: "legal/dpa v2.md",
    });
    expect(pinnedFileOf("https://github.com/acme/docs/blob/main/legal/dpa.md")).toBeNull();
    expect(pinnedFileOf("https://acme.example/dpa")).toBeNull();
  });
});

describe("npm run quotes", () => {
  const git = (cwd: string, ...args: string[]) => execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.test", "-c", "commit.gpgsign=false", ...args], { cwd, encoding: "utf8" }).trim();

  it("checks every quote citing a pinned file against that file at its commit in a local copy, and fails on one that is not there", async () => {
    repository = await mkdtemp(path.join(os.tmpdir(), "quotes-repo-"));
    git(repository, "init", "-q");
    await writeFile(path.join(repository, "terms.md"), "# Terms\n\nAcme AB, a **Swedish** company,\nprocesses all data in Sweden.\n");
    git(repository, "add", ".");
    git(repository, "commit", "-q", "-m", "terms");
    const commit = git(repository, "rev-parse", "HEAD");
    // A later change must not matter: the pinned commit's text is what was read.
    await writeFile(path.join(repository, "terms.md"), "# Terms\n\nRewritten.\n");
    git(repository, "commit", "-q", "-am", "rewrite");
    const url = `https://github.com/acme/legal/blob/${commit}/terms.md`;
    tree = await makeTree([
      minimalRecord("acme-ai", {
        ownership: {
          country_hq: confirmedFact("SE", { source_type: "provider_terms", source_url: url, quote: "Acme AB, a Swedish company" }),
          contracting_entity: confirmedFact("Acme AB", { source_type: "provider_terms", source_url: url }),
        },
        sovereignty: { data_residency_guarantee: confirmedFact("one_country", { source_type: "provider_terms", source_url: url, quote: "processes all data in Norway" }) },
        own_weights: confirmedFact(true, { source_type: "provider_docs", source_url: "https://acme.example/models", quote: "not in this repository" }),
      }),
    ]);
    const result = await runCli(["quotes", "--root", tree.root, "--from", repository]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`missing   acme-ai sovereignty.data_residency_guarantee: "processes all data in Norway" not found in ${url}`);
    expect(result.stdout).toContain("no quote  acme-ai ownership.contracting_entity");
    expect(result.stdout).toContain("quotes: 1 found, 1 missing, 1 Facts without a quote, of 3 Facts citing this source");

    const page = path.join(tree.root, "models.txt");
    await writeFile(page, "Our own weights, trained in Sweden. Not in this repository.");
    const saved = await runCli(["quotes", "--root", tree.root, "--text", page, "--url", "https://acme.example/models"]);
    expect(saved.code).toBe(0);
    expect(saved.stdout).toContain("quotes: 1 found, 0 missing");
  });

  it("says how to call it when the source is not given", async () => {
    tree = await makeTree([minimalRecord("acme-ai")]);
    const result = await runCli(["quotes", "--root", tree.root]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("give either --from <dir>, or --text <file> with --url <source_url>");
  });
});
