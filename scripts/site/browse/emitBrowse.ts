import type { RecordSummary } from "../summary.js";
import type { Status } from "../../schema/index.js";
import { addText, type Artefacts } from "../artefacts.js";
import { llmsText } from "../describe/llms.js";
import { withDatasetJsonLd } from "../describe/schemaOrg.js";
import { BROWSE_SCRIPT, FAVICON, STYLESHEET } from "./assets.js";
import { indexPage } from "./indexPage.js";
import { methodologyPage } from "./methodologyPage.js";

/** The pages people read and the guide agents read, all static and made from the same records. */
export function emitBrowse(artefacts: Artefacts, providers: readonly RecordSummary[], status: Status, baseUrl: string): void {
  addText(artefacts, "index.html", withDatasetJsonLd(indexPage(providers, status), status, baseUrl));
  addText(artefacts, "methodology.html", methodologyPage(status, baseUrl));
  addText(artefacts, "assets/style.css", STYLESHEET);
  addText(artefacts, "assets/browse.js", BROWSE_SCRIPT);
  addText(artefacts, "assets/favicon.svg", FAVICON);
  addText(artefacts, "llms.txt", llmsText(status, baseUrl));
}
