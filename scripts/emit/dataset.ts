import type { DatasetMeta, Provider } from "../schema/index.js";
import { FILES } from "../routes.js";
import { addText, type Artefacts } from "./artefacts.js";

/**
 * The dataset and one file per provider. Each provider is serialised once and the dataset is
 * assembled from those same strings, so a provider file is byte-identical to its entry in the dataset.
 */
export function emitDataset(artefacts: Artefacts, meta: DatasetMeta, providers: readonly Provider[], generatedAt: string): void {
  const serialised = providers.map((record) => JSON.stringify(record));
  providers.forEach((record, index) => addText(artefacts, FILES.provider(record.id), `${serialised[index]}\n`));
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
