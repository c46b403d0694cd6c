import { chromium } from "playwright-core";
import { startServer } from "./scripts/serve/server.js";
const [publicDir, ...pages] = process.argv.slice(2);
const api = await startServer({ publicDir: publicDir!, port: 0, host: "127.0.0.1", baseUrl: "https://example.test" });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const spec of pages) {
  const [address, width, name] = spec.split("@");
  const page = await browser.newPage();
  await page.setViewportSize({ width: Number(width), height: 900 });
  page.on("pageerror", (e) => console.log("pageerror", address, e.message));
  page.on("console", (m) => { if (m.type() === "error") console.log("console", address, m.text()); });
  await page.goto(api.origin + address);
  await page.waitForTimeout(800);
  if (name!.endsWith(".pdf")) { await page.emulateMedia({ media: "print" }); await page.pdf({ path: `/tmp/shots/${name}`, preferCSSPageSize: true }); }
  else await page.screenshot({ path: `/tmp/shots/${name}`, fullPage: false });
  console.log(address, "->", page.url());
  await page.close();
}
await browser.close();
await api.close();
