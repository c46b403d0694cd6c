import type { RecordSummary } from "../summary.js";
import type { PriceRow, Status } from "../../schema/index.js";
import { FILES } from "../../routes.js";
import { addText, openArtefact, writeTextParts, type Artefacts } from "../artefacts.js";
import { llmsText } from "../describe/llms.js";
import { withDatasetJsonLd } from "../describe/schemaOrg.js";
import { FAVICON, STYLESHEET } from "./assets.js";
import { clientScripts } from "./clientScripts.js";
import { comparePage } from "./comparePage.js";
import { indexPageParts } from "./indexPage.js";
import { LANG_PREFIX, LANGS } from "./messages.js";
import { methodologyPage } from "./methodologyPage.js";
import { notFoundPage } from "./notFoundPage.js";
import { packPage } from "./packPage.js";
import { pricesPageParts } from "./pricesPage.js";

/** A page given in parts, with the Dataset's JSON-LD in its head (which the first part holds). */
function* withJsonLdInFirst(parts: Iterable<string>, status: Status, baseUrl: string): Generator<string> {
  let first = true;
  for (const part of parts) {
    yield first ? withDatasetJsonLd(part, status, baseUrl) : part;
    first = false;
  }
}

/**
 * The pages people read, in English at the root and in Swedish under sv/, their scripts and stylesheet, the
 * not-found pages for people, and the guide agents read. A record's own pages are written with the record, as
 * the build reads it; its procurement pack is one page per language that reads the record from the API.
 */
export function emitBrowse(
  artefacts: Artefacts,
  providers: readonly RecordSummary[],
  prices: readonly PriceRow[],
  status: Status,
  baseUrl: string,
  repository: string | null = null,
  attributionOfRow: (row: PriceRow) => string | null = () => null,
): void {
  for (const lang of LANGS) {
    const prefix = LANG_PREFIX[lang];
    writeTextParts(openArtefact(artefacts, `${prefix}index.html`), withJsonLdInFirst(indexPageParts(providers, status, lang, baseUrl), status, baseUrl));
    addText(artefacts, `${prefix}compare.html`, comparePage(providers, status, lang, repository, baseUrl));
    addText(artefacts, `${prefix}pack.html`, packPage(status, lang, repository, baseUrl));
    writeTextParts(openArtefact(artefacts, `${prefix}prices.html`), pricesPageParts(prices, status, lang, attributionOfRow));
    addText(artefacts, `${prefix}methodology.html`, methodologyPage(status, baseUrl, lang));
  }
  const english = notFoundPage(baseUrl, "en");
  const swedish = notFoundPage(baseUrl, "sv");
  addText(artefacts, FILES.notFoundPage, english);
  // Cloudflare Pages serves the nearest 404.html up the path: the pages folders get the page for people.
  addText(artefacts, FILES.providersNotFound, english);
  addText(artefacts, FILES.swedishNotFoundPage, swedish);
  addText(artefacts, FILES.swedishNotFound, swedish);
  addText(artefacts, "assets/style.css", STYLESHEET);
  for (const [file, text] of clientScripts()) addText(artefacts, file, text);
  addText(artefacts, "assets/favicon.svg", FAVICON);
  addText(artefacts, "llms.txt", llmsText(status, baseUrl));
}
