import type { ReviewEntry } from "../../merge/merge.js";
import { FILES } from "../../routes.js";
import { addText, type Artefacts } from "../artefacts.js";

/** The review queue as a maintainer reads it in the repository: one entry per line, stable order. */
export function reviewQueueText(queue: readonly ReviewEntry[]): string {
  const sorted = [...queue].sort((a, b) => a.provider.localeCompare(b.provider) || a.path.localeCompare(b.path));
  if (sorted.length === 0) return "[]\n";
  return `[\n${sorted.map((entry) => `  ${JSON.stringify(entry)}`).join(",\n")}\n]\n`;
}

/** Published too, so that anyone can see which statements are waiting for a person. */
export function emitReviewQueue(artefacts: Artefacts, queue: readonly ReviewEntry[]): void {
  addText(artefacts, FILES.reviewQueue, reviewQueueText(queue));
}
