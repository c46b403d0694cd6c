import type { DatasetMeta } from "../schema/index.js";
import { FILES } from "../routes.js";
import { addText, type Artefacts } from "./artefacts.js";

/** One provider's file: the same serialisation that goes into the dataset, plus a newline. */
export function emitProvider(artefacts: Artefacts, id: string, serialised: string): void {
  addText(artefacts, FILES.provider(id), `${serialised}\n`);
}

/**
 * The dataset, assembled from the providers' serialisations: each provider file is therefore
 * byte-identical to its entry in the dataset.
 */
export function emitDataset(artefacts: Artefacts, meta: DatasetMeta, serialised: readonly string[], generatedAt: string): void {
  const head = {
    version: meta.version,
    ...(meta.source !== undefined && { source: meta.source }),
    generated_at: generatedAt,
    ...(meta.note !== undefined && { note: meta.note }),
    license: meta.license,
    ...(meta.license_url !== undefined && { license_url: meta.license_url }),
  };
  const headText = JSON.stringify(head).slice(0, -1);
  addText(artefacts, FILES.dataset, `${headText},"providers":[${serialised.join(",")}]}\n`);
}
