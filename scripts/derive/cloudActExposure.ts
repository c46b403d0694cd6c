import type { FactStatus } from "../schema/fact.js";
import { factAt, isResearched, type FactPath, type FactLike } from "../schema/factPath.js";
import type { CloudActExposure } from "../schema/vocabularies.js";

/**
 * Who can reach the data: `sovereignty.cloud_act_exposure`, derived from the control chain by one published
 * rule (the methodology page states it in words; keep the two in step). The derived Fact is never stronger
 * than the weakest Fact it rests on, names them in `derived_from` and its note, and is never typed by hand.
 *
 * 1. The data residency is `customer_controlled` (self-hosted software) → customer_hosted.
 * 2. The contracting entity (`country_hq`) or the ultimate parent (`ownership_jurisdiction`) is in the US
 *    → ownership.
 * 3. The infrastructure list names a cloud or model provider, used by default, whose parent is in the US, or a
 *    link that holds the data (cloud, model provider, the provider's own group company) incorporated in the US
 *    (`seat`) → infrastructure. Colocation landlords do not count: they house hardware, they do not hold data. Nor
 *    do ancillary services (payments, sign-in, e-mail, support): they hold account or billing data, not the
 *    content the service processes, and a buyer asking who can reach the data asks about that content.
 * 4. The ownership chain is outside the US (a non-US seat, and a non-US parent country or no parent outside
 *    the EU/EEA) and the infrastructure list is complete (`partial: false`) with no US entry used by default:
 *    optional_upstream when a US entry is reached only if the customer chooses it, else none_found.
 * 5. The ownership chain is outside the US and the list, though partial, names where the data sits by default
 *    (an own data centre, a cloud or a model provider) and names no US entry at all, not even one the customer
 *    must choose → none_named: what was researched shows no US entity, but the complete sub-processor list was
 *    not seen. Weaker than none_found.
 * 6. Anything else is unknown: the note names the links not yet researched, among them a link that holds the
 *    data whose parent is not established (jurisdiction null): it blocks rules 4 and 5, never rule 3.
 */

const STRENGTH: Record<string, number> = { confirmed: 3, claimed: 2, planned: 1 };

type Link = { name?: unknown; kind?: unknown; jurisdiction?: unknown; seat?: unknown; optional?: unknown };

const PATHS = {
  residency: ["sovereignty", "data_residency_guarantee"],
  hq: ["ownership", "country_hq"],
  owner: ["ownership", "ownership_jurisdiction"],
  parent: ["ownership", "foreign_parent"],
  infrastructure: ["sovereignty", "infrastructure"],
} as const satisfies Record<string, FactPath>;

type Input = { path: FactPath; fact: FactLike };

export interface DerivedFact {
  value: CloudActExposure | null;
  status: FactStatus;
  source_url: null;
  source_type: "derived";
  source_date: null;
  derived_from: string[];
  note: string;
}

const holdsContent = (link: Link) => link.kind === "cloud" || link.kind === "model_provider";
/** Where the data sits: a cloud, a model provider, or hardware the provider's own group runs (a landlord or an ancillary service is not). */
const holdsData = (link: Link) => holdsContent(link) || link.kind === "own";
const byDefault = (link: Link) => link.optional !== true;
/** Reachable from the US: a content-holding link under a US parent, or any data-holding link incorporated in the US. */
const usLink = (link: Link) => (holdsContent(link) && link.jurisdiction === "US") || (holdsData(link) && link.seat === "US");

function describe({ path, fact }: Input): string {
  const value = Array.isArray(fact.value)
    ? (fact.value as Link[])
        .map((link) => `${String(link.name)} (${String(link.kind)}, ${link.jurisdiction === null ? "parent not established" : String(link.jurisdiction)}${link.seat ? `, incorporated in ${String(link.seat)}` : ""}${link.optional ? ", only if chosen" : ""})`)
        .join("; ") +
      (fact.partial === false ? " — complete list" : fact.partial === true ? " — partial list" : "")
    : JSON.stringify(fact.value);
  const dates = [typeof fact.verified_at === "string" ? `verified ${fact.verified_at}` : null, typeof fact.source_date === "string" ? `source dated ${fact.source_date}` : "undated source"]
    .filter(Boolean)
    .join(", ");
  return `${path.join(".")} = ${value} (${String(fact.status)}, ${dates})`;
}

function derived(value: CloudActExposure, rule: string, inputs: Input[]): DerivedFact {
  const weakest = inputs.reduce((least, input) => ((STRENGTH[String(input.fact.status)] ?? 0) < (STRENGTH[least] ?? 0) ? String(input.fact.status) : least), "confirmed");
  return {
    value,
    status: weakest as FactStatus,
    source_url: null,
    source_type: "derived",
    source_date: null,
    derived_from: inputs.map((input) => input.path.join(".")),
    note: `Derived by the build (${rule}) from: ${inputs.map(describe).join("; ")}. As strong as the weakest of these; cite them with their sources.`,
  };
}

/** The derived Fact for a record: a value by the rule, or unknown with the links that are missing. */
export function deriveCloudActExposure(record: object): DerivedFact {
  return deriveWithGaps(record).fact;
}

/** The derived Fact, and the links of the chain still to research before the rule can answer (none when it answers). */
export function deriveWithGaps(record: object): { fact: DerivedFact; missing: string[] } {
  const answered = (fact: DerivedFact) => ({ fact, missing: [] });
  const input = (path: FactPath): Input | null => {
    const fact = factAt(record, path);
    return isResearched(fact) && fact!.value !== null && fact!.value !== undefined ? { path, fact: fact! } : null;
  };
  const residency = input(PATHS.residency);
  const hq = input(PATHS.hq);
  const owner = input(PATHS.owner);
  const parent = input(PATHS.parent);
  const infrastructure = input(PATHS.infrastructure);

  if (residency?.fact.value === "customer_controlled") return answered(derived("customer_hosted", "rule 1: self-hosted software", [residency]));

  const usOwner = [hq, owner].find((link) => link?.fact.value === "US");
  if (usOwner) return answered(derived("ownership", "rule 2: a US entity controls the provider", [usOwner]));

  const links = infrastructure && Array.isArray(infrastructure.fact.value) ? (infrastructure.fact.value as Link[]) : [];
  const usByDefault = links.some((link) => usLink(link) && byDefault(link));
  if (infrastructure && usByDefault) return answered(derived("infrastructure", "rule 3: a US-controlled or US-incorporated cloud or sub-processor holds the data", [infrastructure]));

  const parentClear = owner && owner.fact.value !== "US" ? owner : parent && parent.fact.value === false ? parent : null;
  const ownershipClear = hq && hq.fact.value !== "US" && parentClear ? [hq, parentClear] : null;
  const parentUnknown = links.filter((link) => holdsData(link) && link.jurisdiction === null && link.seat !== "US");
  const complete = infrastructure?.fact.partial === false;
  const infrastructureClear = complete && parentUnknown.length === 0 ? infrastructure : null;
  if (ownershipClear && infrastructureClear) {
    const usIfChosen = links.some(usLink);
    return answered(
      usIfChosen
        ? derived("optional_upstream", "rule 4: a US sub-processor only if the customer chooses it", [...ownershipClear, infrastructureClear])
        : derived("none_found", "rule 4: no US entity in the researched chain", [...ownershipClear, infrastructureClear]),
    );
  }
  const namesWhereDataSits = links.some((link) => holdsData(link) && byDefault(link));
  if (ownershipClear && infrastructure && namesWhereDataSits && !links.some(usLink) && parentUnknown.length === 0) {
    return answered(derived("none_named", "rule 5: no US entity named, the complete sub-processor list not seen", [...ownershipClear, infrastructure]));
  }

  const missing = [
    hq ? null : "ownership.country_hq",
    parentClear ? null : "ownership.ownership_jurisdiction (or ownership.foreign_parent = false)",
    parentUnknown.length > 0 ? `the ultimate parent of ${parentUnknown.map((link) => String(link.name)).join(", ")} (sovereignty.infrastructure)` : null,
    complete ? null : infrastructure ? "sovereignty.infrastructure as a complete list (partial: false)" : "sovereignty.infrastructure",
  ].filter((item): item is string => item !== null);
  return {
    fact: {
      value: null,
      status: "unknown",
      source_url: null,
      source_type: "derived",
      source_date: null,
      derived_from: [],
      note: `Not derivable yet: ${missing.join(", ")} not researched.`,
    },
    missing,
  };
}
