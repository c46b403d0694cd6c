import type { RecordSummary } from "../summary.js";
import type { PriceRow, Status } from "../../schema/index.js";
import { addText, openArtefact, writeTextParts, type Artefacts } from "../artefacts.js";
import { llmsText } from "../describe/llms.js";
import { withDatasetJsonLd } from "../describe/schemaOrg.js";
import { FAVICON, STYLESHEET } from "./assets.js";
import { comparePage } from "./comparePage.js";
import { indexPageParts } from "./indexPage.js";
import { LANG_PREFIX, LANGS } from "./messages.js";
import { methodologyPage } from "./methodologyPage.js";
import { pricesPageParts } from "./pricesPage.js";
import { COMPARE_SCRIPT, INDEX_SCRIPT, PRICES_SCRIPT, SITE_SCRIPT } from "./scripts.js";

/** A page given in parts, with the Dataset's JSON-LD in its head (which the first part holds). */
function* withJsonLdInFirst(parts: Iterable<string>, status: Status, baseUrl: string): Generator<string> {
  let first = true;
  for (const part of parts) {
    yield first ? withDatasetJsonLd(part, status, baseUrl) : part;
    first = false;
  }
}

/** The pages people read, in English at the root and in Swedish under sv/, and the guide agents read. */
export function emitBrowse(artefacts: Artefacts, providers: readonly RecordSummary[], prices: readonly PriceRow[], status: Status, baseUrl: string): void {
  for (const lang of LANGS) {
    const prefix = LANG_PREFIX[lang];
    writeTextParts(openArtefact(artefacts, `${prefix}index.html`), withJsonLdInFirst(indexPageParts(providers, status, lang), status, baseUrl));
    addText(artefacts, `${prefix}compare.html`, comparePage(providers, status, lang));
    writeTextParts(openArtefact(artefacts, `${prefix}prices.html`), pricesPageParts(prices, status, lang));
    addText(artefacts, `${prefix}methodology.html`, methodologyPage(status, baseUrl, lang));
  }
  addText(artefacts, "assets/style.css", STYLESHEET);
  addText(artefacts, "assets/site.js", SITE_SCRIPT);
  addText(artefacts, "assets/index.js", INDEX_SCRIPT);
  addText(artefacts, "assets/compare.js", COMPARE_SCRIPT);
  addText(artefacts, "assets/prices.js", PRICES_SCRIPT);
  addText(artefacts, "assets/favicon.svg", FAVICON);
  addText(artefacts, "llms.txt", llmsText(status, baseUrl));
}
