import type { DatasetMeta } from "../schema/index.js";
import { FILES } from "../routes.js";
import type { Artefacts } from "./artefacts.js";

/**
 * The dataset, assembled from the providers' own files (each a serialisation and a newline), so that
 * each provider file is byte-identical to its entry in the dataset.
 */
export function emitDataset(artefacts: Artefacts, meta: DatasetMeta, providerFiles: readonly Uint8Array[], generatedAt: string): void {
  const head = {
    version: meta.version,
    ...(meta.source !== undefined && { source: meta.source }),
    generated_at: generatedAt,
    ...(meta.note !== undefined && { note: meta.note }),
    license: meta.license,
    ...(meta.license_url !== undefined && { license_url: meta.license_url }),
  };
  const comma = Buffer.from(",");
  const parts: Uint8Array[] = [Buffer.from(`${JSON.stringify(head).slice(0, -1)},"providers":[`)];
  providerFiles.forEach((file, index) => {
    if (index > 0) parts.push(comma);
    parts.push(file.subarray(0, file.length - 1));
  });
  parts.push(Buffer.from("]}\n"));
  artefacts.set(FILES.dataset, Buffer.concat(parts));
}
