import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, makeTree, minimalRecord, type Tree } from "./helpers.js";

let tree: Tree;
let child: ChildProcess;
let origin: string;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  tree = await makeTree([minimalRecord("acme-ai")]);
  await tree.build();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  // Exactly what the design card's local use says: `npx serve public`, no -c option.
  child = spawn(process.execPath, [path.join(REPO_ROOT, "node_modules", "serve", "build", "main.js"), "public", "-l", `tcp://127.0.0.1:${port}`, "--no-clipboard", "--no-port-switching"], { cwd: tree.root, stdio: "ignore" });
  const deadline = Date.now() + 15_000;
  for (;;) {
    const up = await fetch(`${origin}/api/status`).then(() => true, () => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error("serve did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 30_000);
afterAll(async () => {
  child?.kill();
  await tree?.cleanup();
});

describe("plain `npx serve public` (it reads public/serve.json)", () => {
  for (const url of ["/api/data", "/api/data/", "/api/data/acme-ai", "/api/data/acme-ai/", "/api/status", "/api/status/"]) {
    it(`${url} answers 200 JSON with CORS, not a directory listing`, async () => {
      const response = await fetch(`${origin}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(typeof (await response.json())).toBe("object");
    });
  }

  it("an unknown id answers 404 with the Error body", async () => {
    const response = await fetch(`${origin}/api/data/nobody`);
    expect(response.status).toBe(404);
    expect((await response.json()).error).toBe("not_found");
  });
});
