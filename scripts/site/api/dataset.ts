import type { DatasetMeta } from "../../schema/index.js";
import { FILES } from "../../routes.js";
import { openArtefact, type Artefacts, type PartsWriter } from "../artefacts.js";

/**
 * The dataset, assembled from the providers' own files (each a serialisation and a newline), so that
 * each provider file is byte-identical to its entry in the dataset. It is handed over one provider at a
 * time: at 10,000 providers the document is 90 MB, and a build that held it whole (and then its compressed
 * copies) peaked 150 MiB higher.
 */
export function openDataset(artefacts: Artefacts, meta: DatasetMeta, generatedAt: string): PartsWriter<Buffer> {
  const head = {
    version: meta.version,
    ...(meta.source !== undefined && { source: meta.source }),
    generated_at: generatedAt,
    ...(meta.note !== undefined && { note: meta.note }),
    license: meta.license,
    ...(meta.license_url !== undefined && { license_url: meta.license_url }),
  };
  const dataset = openArtefact(artefacts, FILES.dataset);
  dataset.write(Buffer.from(`${JSON.stringify(head).slice(0, -1)},"providers":[`));
  const comma = Buffer.from(",");
  let first = true;
  return {
    add(providerFile) {
      if (!first) dataset.write(comma);
      first = false;
      // The provider file without its closing newline.
      dataset.write(providerFile.subarray(0, -1));
    },
    end() {
      dataset.write(Buffer.from("]}\n"));
      dataset.end();
    },
  };
}
