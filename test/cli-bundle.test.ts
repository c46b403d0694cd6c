import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bundle } from "../scripts/cli/bundle.js";
import { REPO_ROOT } from "./helpers.js";

const run = promisify(execFile);

let root: string;
const outDir = () => path.join(root, "node_modules", ".cache", "cli");
const write = (file: string, text: string) => fs.writeFile(path.join(root, file), text);
const make = () => bundle({ root, entry: "src/main.ts", outDir: outDir() });
/** What the bundle's `answer` export says, read in a fresh process so no module cache hides a stale bundle. */
const answerOf = async (file: string) => (await run(process.execPath, ["-e", `console.log(require(${JSON.stringify(file)}).answer());`])).stdout.trim();

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "bundle-"));
  await fs.mkdir(path.join(root, "src"));
  await write("tsconfig.json", `{ "compilerOptions": { "strict": true } }\n`);
  await write("src/main.ts", `import { word } from "./word.js";\nexport const answer = (): string => \`the word is \${word}\`;\n`);
  await write("src/word.ts", `export const word: string = "first";\n`);
});
afterEach(async () => fs.rm(root, { recursive: true, force: true }));

describe("the bundled command", () => {
  it("is made once and kept while no file it was made from changes, whatever the clock says", async () => {
    const first = await make();
    expect(first.made).toBe(true);
    expect(await answerOf(first.file)).toBe("the word is first");
    const manifest = JSON.parse(await fs.readFile(path.join(outDir(), "main.cjs.manifest.json"), "utf8")) as { inputs: Record<string, string> };
    expect(Object.keys(manifest.inputs).sort()).toEqual(["src/main.ts", "src/word.ts"]);

    const later = new Date(Date.now() + 60_000);
    await fs.utimes(path.join(root, "src/word.ts"), later, later);
    const second = await make();
    expect(second).toEqual({ file: first.file, made: false, version: first.version });
  });

  it("is made again when a file it was made from changes, and runs the new code", async () => {
    const first = await make();
    await write("src/word.ts", `export { word } from "./other.js";\n`);
    await write("src/other.ts", `export const word: string = "second";\n`);
    const second = await make();
    expect(second.made).toBe(true);
    expect(second.version).not.toBe(first.version);
    expect(await answerOf(second.file)).toBe("the word is second");
    // The file it newly reads is watched from now on.
    await write("src/other.ts", `export const word: string = "third";\n`);
    expect(await answerOf((await make()).file)).toBe("the word is third");
  });

  it("is made again when tsconfig.json changes, a source is removed, or the kept files were altered", async () => {
    await make();
    await write("tsconfig.json", `{ "compilerOptions": { "strict": true, "target": "ES2022" } }\n`);
    expect((await make()).made).toBe(true);

    await fs.appendFile(path.join(outDir(), "main.cjs"), "\nexport const injected = 1;\n");
    expect((await make()).made).toBe(true);
    expect(await fs.readFile(path.join(outDir(), "main.cjs"), "utf8")).not.toContain("injected");

    await fs.writeFile(path.join(outDir(), "main.cjs.manifest.json"), "{ not json");
    expect((await make()).made).toBe(true);
    expect((await make()).made).toBe(false);

    await fs.rm(path.join(root, "src/word.ts"));
    await expect(make()).rejects.toThrow(/word/);
  });

  it("compiles the listed packages in, vouched for by their package.json, and leaves every other package an import", async () => {
    const pkg = (name: string, version: string, type: "module" | "commonjs", body: string) =>
      fs.mkdir(path.join(root, "node_modules", name), { recursive: true }).then(() =>
        Promise.all([write(`node_modules/${name}/package.json`, JSON.stringify({ name, version, type, main: "index.js" })), write(`node_modules/${name}/index.js`, body)]),
      );
    await pkg("inlined", "1.0.0", "module", `export const word = "inlined";\n`);
    // The bundle is CommonJS: a package it leaves as an import is required when the bundle runs.
    await pkg("imported", "1.0.0", "commonjs", `exports.other = "imported";\n`);
    await write("src/main.ts", `import { word } from "inlined";\nimport { other } from "imported";\nexport const answer = (): string => \`\${word} \${other}\`;\n`);
    const makeInlining = () => bundle({ root, entry: "src/main.ts", outDir: outDir(), inline: ["inlined"] });
    const first = await makeInlining();
    expect(await answerOf(first.file)).toBe("inlined imported");
    const code = await fs.readFile(path.join(outDir(), "main.cjs"), "utf8");
    expect(code).toContain('require("imported")');
    expect(code).not.toMatch(/require\("inlined"\)|from "inlined"/);
    const manifest = JSON.parse(await fs.readFile(path.join(outDir(), "main.cjs.manifest.json"), "utf8")) as { inputs: Record<string, string> };
    expect(Object.keys(manifest.inputs).sort()).toEqual(["node_modules/inlined/package.json", "src/main.ts"]);

    // A new version of the package (npm ci, npm update) makes the bundle again; so does a different list.
    await pkg("inlined", "1.0.1", "module", `export const word = "updated";\n`);
    const second = await makeInlining();
    expect(second.made).toBe(true);
    expect(await answerOf(second.file)).toBe("updated imported");
    expect((await makeInlining()).made).toBe(false);
    expect((await make()).made).toBe(true);
  });

  it("is what npm run build runs: the project's command is bundled from scripts/cli/program.ts", async () => {
    const { stdout } = await run(process.execPath, [path.join(REPO_ROOT, "bin", "evidence.js"), "--help"]);
    expect(stdout).toContain("Usage: evidence");
    const manifest = JSON.parse(await fs.readFile(path.join(REPO_ROOT, "node_modules", ".cache", "evidence-cli", "program.cjs.manifest.json"), "utf8")) as { inputs: Record<string, string> };
    expect(Object.keys(manifest.inputs)).toEqual(expect.arrayContaining(["scripts/cli/program.ts", "scripts/build.ts", "scripts/serve/server.ts", "scripts/schema/provider.ts"]));
    expect(Object.keys(manifest.inputs).filter((file) => file.startsWith("node_modules/")).sort()).toEqual(["node_modules/commander/package.json", "node_modules/zod/package.json"]);
    const scripts = (JSON.parse(await fs.readFile(path.join(REPO_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    for (const name of ["build", "validate", "start", "report", "scrape", "sources", "source-dates", "registry"]) expect(scripts[name]).toMatch(/^node bin\/evidence\.js /);
  });
});
