import { BUYER_QUESTIONS } from "../schema/buyerQuestions.js";
import { Provider } from "../schema/index.js";
import { canonicalize } from "../schema/walk.js";
import { deriveCloudActExposure } from "./cloudActExposure.js";

/** The derived Facts by their path; each rule lives in a module of its own. */
const RULES: Record<string, (record: Provider) => object> = {
  "sovereignty.cloud_act_exposure": deriveCloudActExposure,
};

// A derived question without a rule would be published as "not researched" for ever: fail at start-up instead.
for (const question of BUYER_QUESTIONS) {
  if (question.derived && !RULES[question.path.join(".")]) throw new Error(`buyer question ${question.key} is derived, but no rule derives ${question.path.join(".")}`);
}

/** The record with every derived Fact computed from the Facts it rests on (the seed never types them). */
export function withDerivedFacts(record: Provider): Provider {
  const copy = { ...record } as Record<string, unknown>;
  for (const [path, rule] of Object.entries(RULES)) {
    const [block, member] = path.split(".") as [string, string];
    copy[block] = { ...((copy[block] as object | undefined) ?? {}), [member]: rule(record) };
  }
  return canonicalize(Provider, copy) as Provider;
}
