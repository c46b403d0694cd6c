import type { Provider, Status } from "../../schema/index.js";
import { addText, type Artefacts } from "../artefacts.js";
import { llmsText } from "../llms.js";
import { BROWSE_SCRIPT, FAVICON, STYLESHEET } from "./assets.js";
import { indexPage } from "./indexPage.js";
import { methodologyPage } from "./methodologyPage.js";
import { providerPage } from "./providerPage.js";

/** One provider's page. */
export function emitProviderPage(artefacts: Artefacts, record: Provider): void {
  addText(artefacts, `providers/${record.id}.html`, providerPage(record));
}

/** The pages people read and the guide agents read, all static and made from the same records. */
export function emitBrowse(artefacts: Artefacts, providers: readonly Provider[], status: Status, baseUrl: string): void {
  addText(artefacts, "index.html", indexPage(providers, status));
  addText(artefacts, "methodology.html", methodologyPage(status, baseUrl));
  addText(artefacts, "assets/style.css", STYLESHEET);
  addText(artefacts, "assets/browse.js", BROWSE_SCRIPT);
  addText(artefacts, "assets/favicon.svg", FAVICON);
  addText(artefacts, "llms.txt", llmsText(status, baseUrl));
}
