import { canonicalPath } from "./address.js";
import { today } from "./dom.js";

/**
 * Every page: puts a page served at an odd address (`/sv`, `//sv`, `/SV`) at its own, and lets the language
 * switch keep the filters and the place on the page.
 */
const root = document.documentElement;
const fixed = canonicalPath(location.pathname, root.lang, root.getAttribute("data-page") ?? "index.html");
if (fixed !== null) {
  // An absolute address on this origin: the path starts with exactly one slash.
  location.replace(`${location.origin}${fixed}${location.search}${location.hash}`);
} else {
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-keep-query]")) {
    link.addEventListener("click", () => {
      const base = (link.getAttribute("href") ?? "").split(/[?#]/)[0]!;
      link.setAttribute("href", base + location.search + location.hash);
    });
  }
}

// A printed page says when it was printed: the reader's own day, in the template the page gives.
for (const stamp of document.querySelectorAll<HTMLElement>("[data-today]")) stamp.textContent = (stamp.getAttribute("data-today") ?? "").replace("{date}", today());
