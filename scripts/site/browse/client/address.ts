/**
 * The address a page should be read at. Hosts serve a language folder's index at more addresses than its own
 * (`/sv`, `//sv`, `///sv`, `/SV`): the page rebuilds its address from the path it knows it has, never by adding
 * to whatever the address bar says, so the result is always a path on the same site (one leading slash, never
 * the protocol-relative `//sv/`, which a browser would read as the host "sv").
 */
export function canonicalPath(pathname: string, lang: string, page: string): string | null {
  let path = `/${pathname.replace(/^\/+/, "")}`.replace(/\/{2,}/g, "/");
  if (lang !== "en") {
    const segments = path.split("/");
    const pageSegments = page.split("/");
    const isIndex = page === "index.html";
    // Where the language folder's name sits: before the page's own segments, or last for the bare folder.
    let at = -1;
    if (path.endsWith(`/${page}`)) at = segments.length - pageSegments.length - 1;
    else if (isIndex) at = segments[segments.length - 1] === "" ? segments.length - 2 : segments.length - 1;
    if (at > 0 && segments[at]!.toLowerCase() === lang) {
      segments[at] = lang;
      path = segments.join("/");
      if (isIndex && at === segments.length - 1) path += "/";
    }
  }
  return path === pathname ? null : path;
}
