/** The main text's fingerprint and sentences: enough to tell a changed page from a re-rendered one. */
import { createHash } from "node:crypto";

export const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** Sentences of the main text, for saying what changed without keeping the text. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?;:])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= 12);
}

/** A short hash per sentence, joined: enough to tell new sentences from known ones on the next run. */
export const SENTENCE_HASH_LENGTH = 8;
export const MAX_SENTENCES = 400;
export function sentenceHashes(sentences: readonly string[]): string {
  return sentences
    .slice(0, MAX_SENTENCES)
    .map((sentence) => sha256(sentence).slice(0, SENTENCE_HASH_LENGTH))
    .join("");
}

/** The first sentences of the new text that the old text did not hold, shortened: what a reviewer reads first. */
export function changeExcerpt(newSentences: readonly string[], oldHashes: string, limit = 240): string | null {
  const known = new Set<string>();
  for (let at = 0; at + SENTENCE_HASH_LENGTH <= oldHashes.length; at += SENTENCE_HASH_LENGTH) known.add(oldHashes.slice(at, at + SENTENCE_HASH_LENGTH));
  const fresh = newSentences.slice(0, MAX_SENTENCES).filter((sentence) => !known.has(sha256(sentence).slice(0, SENTENCE_HASH_LENGTH)));
  if (fresh.length === 0) return null;
  const text = fresh.slice(0, 2).join(" ");
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}
