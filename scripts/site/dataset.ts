import type { DatasetMeta, Provider } from "../schema/index.js";
import { FILES } from "../routes.js";
import { jsonText, type Artefacts } from "./artefacts.js";

/**
 * The dataset, assembled from the providers' own files (each a serialisation and a newline), so that
 * each provider file is byte-identical to its entry in the dataset. The files are made again one at a time
 * into a buffer of the known total size instead of being kept from the provider pages: at 10,000 providers
 * that keeps one 80 MB copy in memory instead of two.
 */
export function emitDataset(artefacts: Artefacts, meta: DatasetMeta, providers: readonly Provider[], providerFileBytes: readonly number[], generatedAt: string): void {
  const head = {
    version: meta.version,
    ...(meta.source !== undefined && { source: meta.source }),
    generated_at: generatedAt,
    ...(meta.note !== undefined && { note: meta.note }),
    license: meta.license,
    ...(meta.license_url !== undefined && { license_url: meta.license_url }),
  };
  const opening = Buffer.from(`${JSON.stringify(head).slice(0, -1)},"providers":[`);
  const closing = Buffer.from("]}\n");
  // Each provider file without its newline, joined by commas.
  const total = opening.length + closing.length + providerFileBytes.reduce((sum, bytes) => sum + bytes - 1, 0) + Math.max(0, providers.length - 1);
  const dataset = Buffer.allocUnsafe(total);
  let at = opening.copy(dataset, 0);
  providers.forEach((record, index) => {
    if (index > 0) at += dataset.write(",", at);
    const text = jsonText(record);
    const written = dataset.write(text, at, "utf8");
    if (written !== providerFileBytes[index]) throw new Error(`provider ${record.id} serialised to ${written} bytes, its file has ${providerFileBytes[index]}`);
    at += written - 1;
  });
  at += closing.copy(dataset, at);
  artefacts.set(FILES.dataset, dataset.subarray(0, at));
}
