import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGithubPagesEmulator } from "../tools/hosts/githubPages.js";
import { htmlSafeJson } from "../scripts/site/hosts/githubPages.js";
import { makeTree, minimalRecord, type Tree } from "./helpers.js";

let tree: Tree;
let pages: Awaited<ReturnType<typeof startGithubPagesEmulator>>;
const HOSTILE = "Acme <script>alert(1)</script> & Co";

beforeAll(async () => {
  tree = await makeTree([minimalRecord("acme-ai", { name: HOSTILE }), minimalRecord("beta-gpu", { category: "compute_gpu" })]);
  await tree.build({ githubPages: true });
  pages = await startGithubPagesEmulator(tree.paths.publicDir);
});
afterAll(async () => {
  await pages?.close();
  await tree?.cleanup();
});

const json = async (file: string) => JSON.parse(await tree.read(file));

describe("a build for GitHub Pages, served by its documented path rules", () => {
  const cases: Array<[string, string]> = [
    ["/api/data", "api/data/index.json"],
    ["/api/data/", "api/data/index.json"],
    ["/api/data/acme-ai", "api/data/acme-ai/index.json"],
    ["/api/data/acme-ai/", "api/data/acme-ai/index.json"],
    ["/api/status", "api/status.json"],
  ];
  for (const [url, file] of cases) {
    it(`fetch(${url}).then(r => r.json()) gets the document of ${file}`, async () => {
      const response = await fetch(`${pages.origin}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(await response.json()).toEqual(await json(file));
    });
  }

  it("the .json URLs answer application/json, the clean paths text/html, and a folder path redirects first", async () => {
    const typed = await fetch(`${pages.origin}/api/status.json`);
    expect(typed.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const clean = await fetch(`${pages.origin}/api/status`);
    expect(clean.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const folder = await fetch(`${pages.origin}/api/data`, { redirect: "manual" });
    expect(folder.status).toBe(301);
    expect(folder.headers.get("location")).toBe("/api/data/");
  });

  it("no browser can read markup in the copies: <, > and & are escaped inside the JSON strings", async () => {
    const copy = await tree.read("api/data/acme-ai/index.html");
    expect(copy).not.toMatch(/[<>&]/);
    expect(JSON.parse(copy).name).toBe(HOSTILE);
    expect(htmlSafeJson(Buffer.from('{"a":"<b>&"}')).toString()).toBe('{"a":"\\u003cb\\u003e\\u0026"}');
  });

  it("an unknown id answers 404 with the root 404.html, which holds the JSON Error body", async () => {
    const response = await fetch(`${pages.origin}/api/data/nobody`);
    expect(response.status).toBe(404);
    expect((await response.json()).error).toBe("not_found");
  });

  it("a build without the option writes no copies", async () => {
    const plain = await makeTree([minimalRecord("acme-ai")]);
    try {
      await plain.build();
      await expect(plain.read("api/status.html")).rejects.toThrow();
    } finally {
      await plain.cleanup();
    }
  });
});
