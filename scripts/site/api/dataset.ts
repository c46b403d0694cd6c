import type { DatasetMeta } from "../../schema/index.js";
import type { ArtefactWriter, PartsWriter } from "../artefacts.js";
import { publishedMeta } from "../version.js";

/** The Dataset's members before `providers`, in the order /api/data has always written them. */
export function datasetHead(meta: DatasetMeta, version: string, generatedAt: string): Record<string, unknown> {
  const { source, note, ...rest } = publishedMeta(meta);
  return {
    version,
    ...(source !== undefined && { source }),
    generated_at: generatedAt,
    ...(note !== undefined && { note }),
    ...rest,
  };
}

/** The dataset's text before its first provider: what the archive keeps as a version's `head`. */
export function datasetHeadText(meta: DatasetMeta, version: string, generatedAt: string): string {
  return `${JSON.stringify(datasetHead(meta, version, generatedAt)).slice(0, -1)},"providers":[`;
}

/**
 * The dataset, assembled from the providers' own files (each a serialisation and a newline), so that
 * each provider file is byte-identical to its entry in the dataset. It is handed over one provider at a
 * time: at 10,000 providers the document is 90 MB, and a build that held it whole (and then its compressed
 * copies) peaked 150 MiB higher. The archive keeps a version in these same parts (scripts/archive/store.ts).
 */
export function openDataset(dataset: ArtefactWriter, head: string): PartsWriter<Buffer> {
  dataset.write(Buffer.from(head));
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
