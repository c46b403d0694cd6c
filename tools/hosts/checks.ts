/**
 * The requirement table every host is held to: the same rows the local server passes in test/http.test.ts.
 */

export interface Requirement {
  /** Short key, used for known limits. */
  key: string;
  label: string;
  path: string;
  accept?: string;
  expect: 200 | 404;
  /** What the 200 body must look like. */
  body: "dataset" | "provider" | "status" | "error" | "csv";
}

export const UNKNOWN_ID = "no-such-provider";

export function requirements(id: string): Requirement[] {
  return [
    { key: "data", label: "GET /api/data", path: "/api/data", expect: 200, body: "dataset" },
    { key: "data/", label: "GET /api/data/", path: "/api/data/", expect: 200, body: "dataset" },
    { key: "id", label: "GET /api/data/<id>", path: `/api/data/${id}`, expect: 200, body: "provider" },
    { key: "id/", label: "GET /api/data/<id>/", path: `/api/data/${id}/`, expect: 200, body: "provider" },
    { key: "status", label: "GET /api/status", path: "/api/status", expect: 200, body: "status" },
    { key: "status/", label: "GET /api/status/", path: "/api/status/", expect: 200, body: "status" },
    // The file URLs, the only ones that work on GitHub Pages, must keep working everywhere.
    { key: "data.json", label: "GET /api/data/index.json", path: "/api/data/index.json", expect: 200, body: "dataset" },
    { key: "id.json", label: "GET /api/data/<id>/index.json", path: `/api/data/${id}/index.json`, expect: 200, body: "provider" },
    { key: "status.json", label: "GET /api/status.json", path: "/api/status.json", expect: 200, body: "status" },
    { key: "csv", label: "GET /api/data.csv", path: "/api/data.csv", expect: 200, body: "csv" },
    { key: "404", label: "unknown id (no Accept)", path: `/api/data/${UNKNOWN_ID}`, expect: 404, body: "error" },
    { key: "404/", label: "unknown id/ (no Accept)", path: `/api/data/${UNKNOWN_ID}/`, expect: 404, body: "error" },
    { key: "404-json", label: "unknown id, Accept: application/json", path: `/api/data/${UNKNOWN_ID}`, accept: "application/json, text/plain, */*", expect: 404, body: "error" },
    { key: "404-html", label: "unknown id, Accept: text/html (browser)", path: `/api/data/${UNKNOWN_ID}`, accept: "text/html,application/xhtml+xml,*/*;q=0.8", expect: 404, body: "error" },
  ];
}

export interface Seen {
  status: number | string;
  contentType: string | null;
  acao: string | null;
  nosniff: string | null;
  referrerPolicy: string | null;
  /** Not a requirement; shown because hosts differ (netlify dev sends its own). */
  cacheControl: string | null;
  bodyNote: string;
}

export interface CheckResult {
  requirement: Requirement;
  seen: Seen;
  /** Every way the answer missed the requirement; empty when it passed. */
  problems: string[];
}

function describeBody(requirement: Requirement, text: string, id: string): { note: string; ok: boolean } {
  if (requirement.body === "csv") {
    const ok = text.startsWith("provider_id,provider_name,");
    return { note: ok ? `CSV (${text.split("\r\n").length - 2} rows)` : `not the CSV: ${JSON.stringify(text.slice(0, 40))}`, ok };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const start = text.trim().slice(0, 40).replace(/\s+/g, " ");
    return { note: `not JSON: ${JSON.stringify(start)}`, ok: false };
  }
  const body = parsed as Record<string, unknown> | null;
  if (!body || typeof body !== "object" || Array.isArray(body)) return { note: "JSON, not an object", ok: false };
  switch (requirement.body) {
    case "dataset": {
      const ok = Array.isArray(body.providers) && typeof body.version === "string";
      return { note: ok ? `Dataset (${(body.providers as unknown[]).length} providers)` : "JSON, not a Dataset", ok };
    }
    case "provider": {
      const ok = body.id === id && body.providers === undefined;
      return { note: ok ? `Provider ${id}` : `JSON, not Provider ${id}`, ok };
    }
    case "status": {
      const ok = body.ok === true && typeof body.providers_total === "number";
      return { note: ok ? "Status" : "JSON, not a Status", ok };
    }
    case "error": {
      const ok = body.error === "not_found" && typeof body.message === "string";
      return { note: ok ? 'Error "not_found"' : `other JSON: ${JSON.stringify(body).slice(0, 60)}`, ok };
    }
  }
}

export async function check(origin: string, requirement: Requirement, id: string): Promise<CheckResult> {
  const headers: Record<string, string> = {};
  if (requirement.accept) headers.accept = requirement.accept;
  let response: Response;
  try {
    response = await fetch(`${origin}${requirement.path}`, { headers, redirect: "manual", signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      requirement,
      seen: { status: `no answer (${message})`, contentType: null, acao: null, nosniff: null, referrerPolicy: null, cacheControl: null, bodyNote: "" },
      problems: ["no answer"],
    };
  }
  const text = await response.text();
  const body = describeBody(requirement, text, id);
  const seen: Seen = {
    status: response.status,
    contentType: response.headers.get("content-type"),
    acao: response.headers.get("access-control-allow-origin"),
    nosniff: response.headers.get("x-content-type-options"),
    referrerPolicy: response.headers.get("referrer-policy"),
    cacheControl: response.headers.get("cache-control"),
    bodyNote: body.note,
  };
  const problems: string[] = [];
  if (seen.status !== requirement.expect) {
    const location = response.headers.get("location");
    problems.push(`status ${seen.status}${location ? ` → ${location}` : ""}`);
  }
  const type = requirement.body === "csv" ? /^text\/csv\b/i : /^application\/json\b/i;
  if (!type.test(seen.contentType ?? "") || (seen.contentType ?? "").includes(",")) problems.push(`type ${seen.contentType ?? "(none)"}`);
  if (seen.acao !== "*") problems.push(`ACAO ${seen.acao ?? "(none)"}`);
  if (seen.nosniff?.toLowerCase() !== "nosniff") problems.push(`nosniff ${seen.nosniff ?? "(none)"}`);
  if (!seen.referrerPolicy) problems.push("Referrer-Policy (none)");
  if (!body.ok) problems.push(requirement.body === "error" ? "body is not the Error body" : `body ${body.note.slice(0, 40)}`);
  // The CSV file is a download saved under a name with the dataset version (public/_headers, public/serve.json).
  const disposition = response.headers.get("content-disposition");
  if (requirement.body === "csv" && !/^attachment; filename="eu-ai-infra-evidence-data-\d{4}-\d{2}-\d{2}\.[0-9a-f]{12}\.csv"$/.test(disposition ?? "")) {
    problems.push(`Content-Disposition ${disposition ?? "(none)"}`);
  }
  return { requirement, seen, problems };
}

export async function checkAll(origin: string, id: string): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const requirement of requirements(id)) results.push(await check(origin, requirement, id));
  return results;
}
