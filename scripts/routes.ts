/**
 * The one description of the site's routes and headers. The local server and every host file
 * (serve.json, _headers, _redirects, vercel.json, netlify.toml) are derived from it.
 */

/** Paths of the API answers inside public/. */
export const FILES = {
  dataset: "api/data/index.json",
  provider: (id: string) => `api/data/${id}/index.json`,
  /** A provider's browse page (not an API answer, but named here with the rest). */
  providerPage: (id: string) => `providers/${id}.html`,
  status: "api/status.json",
  /** Every Fact as one spreadsheet row. */
  csv: "api/data.csv",
  /** The light index: every provider with its typed buyer answers and their statuses, no sources or notes. */
  providersIndex: "api/providers.json",
  /** One row per provider and model price, in the currency the provider publishes. */
  prices: "api/prices.json",
  pricesCsv: "api/prices.csv",
  /** One row per provider: the buyer's questions with their status and source date, for spreadsheets. */
  providersCsv: "api/providers.csv",
  /** The three CSV files for programs: no byte-order mark and a month date as it is; what datapackage.json describes. */
  plainCsv: "api/plain/data.csv",
  plainProvidersCsv: "api/plain/providers.csv",
  plainPricesCsv: "api/plain/prices.csv",
  openapi: "api/openapi.json",
  providerSchema: "api/provider.schema.json",
  reviewQueue: "api/review-queue.json",
  /** What changed between dataset versions, Fact by Fact (the newest page; each page links to the next), and the same as an Atom feed. */
  changes: "api/changes.json",
  /** Page n (n ≥ 2) of the change list. */
  changesPage: (page: number) => `api/changes/${page}.json`,
  feed: "feed.xml",
  /** Every published version, newest first, and each one's dataset exactly as it was published. */
  archiveIndex: "archive/index.json",
  archivedVersion: (version: string) => `archive/${version}.json`,
  /** One provider file as published, by the SHA-256 of its bytes: the permanent address a provider page cites. */
  archivedRecord: (sha256: string) => `archive/records/${sha256}.json`,
  /** The versions as a page for people, in each language's folder. */
  archivePage: "archive/index.html",
  /** The Frictionless Data Package that describes the CSV files and their columns. */
  dataPackage: "datapackage.json",
  /** DCAT-AP metadata (JSON-LD) for open-data portals to harvest. */
  dcat: "api/dcat-ap.jsonld",
  notFoundJson: "404.json",
  notFoundHtml: "404.html",
  /** The 404 page for people, where a host can tell a page address from an API path. */
  notFoundPage: "not-found.html",
  /** Cloudflare Pages answers a miss with the nearest 404.html up the path: the pages folder gets the human one. */
  providersNotFound: "providers/404.html",
  swedishNotFound: "sv/404.html",
  /** The Swedish not-found page, for a missing address under /sv/. */
  swedishNotFoundPage: "sv/not-found.html",
} as const;

/** Folders of pages in another language than the root's (English): /sv/ is the Swedish site. */
export const LANGUAGE_FOLDERS = ["sv"] as const;

/** The not-found page for people of a missing page address: the Swedish one under /sv/, else the English one. */
export const notFoundPageFor = (pathname: string): string =>
  LANGUAGE_FOLDERS.some((folder) => pathname.toLowerCase().replace(/^\/+/, "/").startsWith(`/${folder}/`)) ? FILES.swedishNotFoundPage : FILES.notFoundPage;

/** Whether a path is the API's (answered with the JSON Error body when missing) or a page people open. */
export const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/") || pathname.endsWith(".json");

/** A clean API path and the file that answers it. */
export interface Rewrite {
  path: string;
  file: string;
}

/** Marks the one path parameter of a route. */
const ID = ":id";

/**
 * The API's routes, written once: every host file and the local server derive theirs from this list.
 * A route with `:id` stands for one path per provider.
 */
export const ROUTES: readonly Rewrite[] = [
  { path: "/api/data", file: FILES.dataset },
  { path: "/api/status", file: FILES.status },
  { path: `/api/data/${ID}`, file: FILES.provider(ID) },
];

/** Every API path a client may call, for the ids that exist. Trailing-slash forms are the hosts' concern. */
export function apiRewrites(ids: readonly string[]): Rewrite[] {
  return ROUTES.flatMap((route) =>
    route.path.includes(ID) ? ids.map((id) => ({ path: route.path.replace(ID, id), file: `/${route.file.replace(ID, id)}` })) : [{ path: route.path, file: `/${route.file}` }],
  );
}

/**
 * The routes as path-to-regexp rules (serve, serve-handler, Vercel). The id is constrained: without it
 * serve-handler's rewrite chain re-matches its own target.
 */
export function patternRewrites(): Array<{ source: string; destination: string }> {
  return ROUTES.map((route) => ({ source: route.path.replace(ID, `${ID}(${ID_PATTERN})`), destination: `/${route.file}` }));
}

/** The file inside public/ that a clean path names: an API route, the index page, or the path itself. */
export function fileForPath(pathname: string): string {
  // A folder's page is its index.html: / and /sv/ (the Swedish pages).
  if (pathname.endsWith("/") && !isApiPath(pathname)) return `${pathname.slice(1)}index.html`;
  for (const route of ROUTES) {
    const [before, after = ""] = route.path.split(ID);
    if (!route.path.includes(ID)) {
      if (pathname === route.path) return route.file;
    } else if (pathname.startsWith(before!) && pathname.endsWith(after)) {
      const id = pathname.slice(before!.length, pathname.length - after.length);
      if (new RegExp(`^${ID_PATTERN}$`).test(id)) return route.file.replace(ID, id);
    }
  }
  return pathname.slice(1);
}

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Access-Control-Allow-Origin": "*",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

export const JSON_HEADERS: Readonly<Record<string, string>> = {
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "public, max-age=300, must-revalidate",
};

/** Browse pages load only their own stylesheet and script, and fetch only from their own origin. */
export const HTML_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "Cache-Control": "public, max-age=300, must-revalidate",
};

/**
 * Header rules that give the API's JSON its type, written so that no two of them match the same path:
 * Cloudflare Pages joins the values of every matching rule with a comma (measured in `wrangler pages dev`:
 * `/api/data/*` and `/api/*.json` together sent "application/json; charset=utf-8, application/json; …").
 */
export const JSON_HEADER_RULES: readonly string[] = [
  "/api/data",
  "/api/data/*",
  "/api/status",
  "/api/status/",
  ...[FILES.status, FILES.providersIndex, FILES.prices, FILES.openapi, FILES.providerSchema, FILES.reviewQueue, FILES.changes, FILES.dataPackage].map((file) => `/${file}`),
  "/api/changes/*",
  // The archive's JSON only: /archive/ itself is the versions page for people.
  "/archive/*.json",
];

/** Folders whose address is a page for people (their index.html), besides the root and the language folders. */
export const PAGE_FOLDERS = ["archive", ...LANGUAGE_FOLDERS.map((folder) => `${folder}/archive`)] as const;

export const CSV_HEADERS: Readonly<Record<string, string>> = {
  "Content-Type": "text/csv; charset=utf-8",
  "Cache-Control": "public, max-age=300, must-revalidate",
};

/** DCAT-AP metadata: JSON-LD, the type RDF harvesters ask for. */
export const JSON_LD_HEADERS: Readonly<Record<string, string>> = {
  "Content-Type": "application/ld+json; charset=utf-8",
  "Cache-Control": "public, max-age=300, must-revalidate",
};

/** The CSV exports and the names they are saved under: a saved file names the dataset version it holds. */
export const DOWNLOADS: ReadonlyArray<{ file: string; name: string }> = [
  { file: FILES.csv, name: "eu-ai-infra-evidence-data" },
  { file: FILES.providersCsv, name: "eu-ai-infra-evidence-providers" },
];

/**
 * `Content-Disposition` for a CSV export: a download, not a page, saved under a name with the version. Host
 * files read before the build (vercel.json at the project root) cannot know the version: they get the name alone.
 */
export function downloadHeaders(download: { name: string }, version: string | null): Readonly<Record<string, string>> {
  return { "Content-Disposition": `attachment; filename="${download.name}${version ? `-${version}` : ""}.csv"` };
}

export const FEED_HEADERS: Readonly<Record<string, string>> = {
  "Content-Type": "application/atom+xml; charset=utf-8",
  "Cache-Control": "public, max-age=300, must-revalidate",
};

export const CORS_PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
  "Access-Control-Allow-Headers": "*",
  "Access-Control-Max-Age": "86400",
};

export const ALLOWED_METHODS = ["GET", "HEAD", "OPTIONS"] as const;

/**
 * The id characters, as a path parameter constraint (serve-handler and serve need it to stop rewrite
 * chains). Their path-to-regexp takes no nested groups, so this is looser than the slug rule itself.
 */
export const ID_PATTERN = "[a-z0-9-]+";
