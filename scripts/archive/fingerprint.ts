import { createHash } from "node:crypto";

/**
 * The hash part of a dataset version: the SHA-256 of a fixed prefix, the dataset's own published text (source,
 * note, licence) and every provider file in order. Kept here, apart from the rendering code, because the archive
 * checks every kept version with it: the same function must say what a version is for as long as versions are kept.
 */
export interface VersionHash {
  update(providerFile: Uint8Array): void;
  /** The first 12 hex digits, the part of the version after its date. */
  digest(): string;
}

/** The dataset's own members that the version covers, in their published order. */
export type PublishedMeta = Record<string, unknown>;

export function versionHash(meta: PublishedMeta): VersionHash {
  const hash = createHash("sha256");
  // A fixed prefix: what is hashed is this layout, named, so no other byte string of the project hashes alike.
  hash.update(`eu-ai-infra-evidence dataset\n${JSON.stringify(meta)}\n`);
  return {
    update: (providerFile) => void hash.update(providerFile),
    digest: () => hash.digest("hex").slice(0, 12),
  };
}

/** The members of a dataset's text before its providers that the version covers: source, note, licence. */
export function publishedMetaOf(head: Record<string, unknown>): PublishedMeta {
  const { source, note, license, license_url } = head;
  return {
    ...(source !== undefined && { source }),
    ...(note !== undefined && { note }),
    license,
    ...(license_url !== undefined && { license_url }),
  };
}
