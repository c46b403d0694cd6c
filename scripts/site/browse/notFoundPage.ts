import { html, page } from "./html.js";

/**
 * The page people get for a mistyped page address. It may be served at any path, so its links start
 * from the site's own path (taken from the base URL), not from where it happens to be shown.
 */
export function notFoundPage(baseUrl: string): string {
  const root = `${new URL(baseUrl).pathname.replace(/\/+$/, "")}/`;
  const body = html`<h1>Page not found</h1>
<p>There is no page at this address. It may have been mistyped, or the provider it named may have left the dataset.</p>
<ul>
<li><a href="${root}index.html">All providers</a>, with filters by category, country and the buyer's questions</li>
<li><a href="${root}methodology.html">Methodology</a>: what each status and date means, and how to cite</li>
<li>The API: <a href="${root}api/data/index.json">/api/data</a>, <a href="${root}api/status.json">/api/status</a>, <a href="${root}api/openapi.json">OpenAPI</a></li>
</ul>
<p class="muted">Programs calling the API get a JSON Error body for unknown API paths instead of this page.</p>`;
  return page({ title: "Page not found — European AI infrastructure evidence", root, body });
}
