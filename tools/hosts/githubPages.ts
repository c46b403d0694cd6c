/**
 * A small server that resolves paths the way GitHub Pages documents it, for testing a build offline:
 * an existing file is served with the type of its extension; `/x` is served from `x.html`; a folder
 * `/dir` answers 301 to `/dir/`, which is served from `dir/index.html`; anything else gets the root
 * `404.html` with status 404, as text/html. Every answer carries `Access-Control-Allow-Origin: *`, as
 * GitHub Pages sends. Loopback only.
 */
import { promises as fs } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "application/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
};

const kind = (file: string) => fs.stat(file).then((s) => (s.isDirectory() ? "dir" : s.isFile() ? "file" : null), () => null);

export async function startGithubPagesEmulator(root: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer(async (request, response) => {
    const send = (status: number, file: string | null, extra: Record<string, string> = {}) =>
      (file ? fs.readFile(file) : Promise.resolve(Buffer.alloc(0))).then((body) => {
        response.writeHead(status, { "Access-Control-Allow-Origin": "*", ...(file && { "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream" }), ...extra });
        response.end(body);
      });
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://pages.test").pathname);
    if (pathname.split("/").includes("..")) return send(404, path.join(root, "404.html"));
    const target = path.join(root, pathname);
    if (pathname.endsWith("/")) {
      const index = path.join(target, "index.html");
      return (await kind(index)) === "file" ? send(200, index) : send(404, path.join(root, "404.html"));
    }
    const found = await kind(target);
    if (found === "file") return send(200, target);
    if (found === "dir") return send(301, null, { Location: `${pathname}/` });
    if ((await kind(`${target}.html`)) === "file") return send(200, `${target}.html`);
    return send(404, path.join(root, "404.html"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
