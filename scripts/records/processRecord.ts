import { parseInput, type InputBytes } from "../load/loadData.js";
import { mergeRecord, type ReviewEntry } from "../merge/merge.js";
import { Provider, type Observation } from "../schema/index.js";
import { canonicalize } from "../schema/walk.js";
import { ownBytes } from "../emit/artefacts.js";
import { providerPage } from "../emit/browse/providerPage.js";
import type { Problem } from "../validate/problems.js";
import { validateProvider } from "../validate/validate.js";
import { summarize, type RecordSummary } from "./summary.js";

/** What one valid record contributes to the output. */
export interface RecordOutput {
  id: string;
  /** The record's serialisation and a newline: its API file, and (without the newline) its dataset entry. */
  json: Buffer;
  /** Its browse page. */
  page: Buffer;
  summary: RecordSummary;
  /** Deviations between the seed and the observation, for the review queue. */
  review: ReviewEntry[];
}

export interface RecordOutcome {
  problems: Problem[];
  /** Null when the record has errors. */
  output: RecordOutput | null;
}

/**
 * Everything a build does to one provider file: parse, validate, merge its observation, serialise,
 * render its page and summarise it. Depends on nothing but its arguments.
 */
export function processRecord(input: InputBytes, observation: Observation | undefined, today: string): RecordOutcome {
  const problems: Problem[] = [];
  const raw = parseInput(input, problems);
  const valid = raw && validateProvider(raw, today, problems);
  if (!valid) return { problems, output: null };
  const review: ReviewEntry[] = [];
  // The merge adds members to the records it touches; put those back in canonical key order.
  const record = observation ? (canonicalize(Provider, mergeRecord(valid.record, observation, review)) as Provider) : valid.record;
  const summary = summarize(record);
  return {
    problems,
    output: {
      id: record.id,
      json: ownBytes(`${JSON.stringify(record)}\n`),
      page: ownBytes(providerPage(record, summary)),
      summary,
      review,
    },
  };
}
