import type { FactStatus } from "../schema/fact.js";
import { COMPLETE_LIST_SOURCES, isSourceType } from "../schema/evidenceRules.js";
import { factAt, isResearched, type FactPath, type FactLike } from "../schema/factPath.js";
import type { CloudActExposure, UsPartyRole } from "../schema/vocabularies.js";

/**
 * Who can reach the data: `sovereignty.cloud_act_exposure`, derived from the control chain by one published
 * rule (the methodology page states it in words; keep the two in step). The derived Fact is never stronger
 * than the weakest Fact it rests on, names them in `derived_from` and its note, names the link that decided
 * it (`deciding_link`) and grades that link's role (`us_party_role`); it is never typed by hand.
 *
 * 1. The data residency is `customer_controlled` (self-hosted software) → customer_hosted.
 * 2. The contracting entity (`country_hq`) or the ultimate parent (`ownership_jurisdiction`) is in the US
 *    → ownership (role operator).
 * 3. By default, a cloud or model provider whose parent is in the US, a link that holds the data (cloud, model
 *    provider, the provider's own group) incorporated in the US (`seat`) or located there (`countries`), or a
 *    data-centre location in the US → infrastructure (role core). Data held in the US is reachable by US
 *    authorities whoever owns the operator. Colocation landlords do not count (they house hardware, they do not
 *    hold data), nor do ancillary services (payments, sign-in, e-mail, support: account data, not content).
 * 4. The ownership chain is outside the US and current (a non-US seat, and a non-US parent country or no parent
 *    outside the EU/EEA; nothing only `planned`, nothing resting on press, a third-party page or a blog post, and
 *    the same holds for the infrastructure list on rules 4 to 6), and a US-controlled edge service (CDN, proxy) carries the
 *    traffic by default → edge_service (role edge).
 * 5. The ownership chain is clear and current, and the infrastructure list is complete on the provider's own
 *    sub-processor list, DPA or terms (`partial: false`, source_type provider_terms) with no US link or location
 *    used by default: optional_upstream when a US link or location is reached only if the customer chooses it,
 *    else none_found.
 * 6. The ownership chain is clear and current and the list, though not complete, names where the data sits by
 *    default (an own data centre, a cloud or a model provider) and names no US link or location at all, not
 *    even one the customer must choose → none_named: weaker than none_found.
 * 7. Anything else is unknown: the note names the links not yet researched, among them a link that holds the
 *    data whose parent is not established (jurisdiction null): it blocks rules 4 to 6, never rule 3.
 * On rules 5 and 6 a US ancillary service grades the answer `ancillary` and is named; otherwise `none`.
 */

const STRENGTH: Record<string, number> = { confirmed: 3, claimed: 2, planned: 1 };
/** Sources that relay what someone else said. */
const RELAYED: ReadonlySet<string> = new Set(["press", "third_party", "provider_blog"]);

type Link = { name?: unknown; kind?: unknown; jurisdiction?: unknown; seat?: unknown; optional?: unknown; countries?: unknown; role?: unknown };
type Location = { country?: unknown; city?: unknown; optional?: unknown; role?: unknown };

const PATHS = {
  residency: ["sovereignty", "data_residency_guarantee"],
  hq: ["ownership", "country_hq"],
  owner: ["ownership", "ownership_jurisdiction"],
  parent: ["ownership", "foreign_parent"],
  infrastructure: ["sovereignty", "infrastructure"],
  locations: ["sovereignty", "datacenter_locations"],
} as const satisfies Record<string, FactPath>;

type Input = { path: FactPath; fact: FactLike };

export interface DerivedFact {
  value: CloudActExposure | null;
  status: FactStatus;
  source_url: null;
  source_type: "derived";
  source_date: null;
  derived_from: string[];
  us_party_role?: UsPartyRole;
  deciding_link?: string;
  note: string;
}

const holdsContent = (link: Link) => link.kind === "cloud" || link.kind === "model_provider";
/** Where the data sits: a cloud, a model provider, or hardware the provider's own group runs (a landlord, an edge or an ancillary service is not). */
const holdsData = (link: Link) => holdsContent(link) || link.kind === "own";
const byDefault = (item: { optional?: unknown }) => item.optional !== true;
const locatedInUs = (link: Link) => Array.isArray(link.countries) && link.countries.includes("US");
/** A link that puts the content within US reach: a content holder under a US parent, or any data holder incorporated or located in the US. */
const usCoreLink = (link: Link) => (holdsContent(link) && link.jurisdiction === "US") || (holdsData(link) && (link.seat === "US" || locatedInUs(link)));
const usEdgeLink = (link: Link) => link.kind === "edge" && (link.jurisdiction === "US" || link.seat === "US");
const usAncillaryLink = (link: Link) => link.kind === "ancillary" && (link.jurisdiction === "US" || link.seat === "US");
const usLocation = (location: Location) => location.country === "US";

const linkInWords = (link: Link) =>
  `${String(link.name)} (${String(link.kind)}${link.jurisdiction === "US" ? ", US parent" : ""}${link.seat === "US" ? ", incorporated in the US" : ""}${locatedInUs(link) ? ", located in the US" : ""}${link.optional ? ", only if chosen" : ""})`;
const locationInWords = (location: Location) => `data held in the US${typeof location.city === "string" ? ` (${location.city})` : ""}${location.optional ? ", only if chosen" : ""}`;

function describe({ path, fact }: Input): string {
  const value = Array.isArray(fact.value)
    ? path[1] === "datacenter_locations"
      ? (fact.value as Location[]).map((location) => `${String(location.country)}${typeof location.city === "string" ? ` ${location.city}` : ""}${location.optional ? " (only if chosen)" : ""}`).join(", ")
      : (fact.value as Link[])
          .map((link) => `${String(link.name)} (${String(link.kind)}, ${link.jurisdiction === null ? "parent not established" : String(link.jurisdiction)}${link.seat ? `, incorporated in ${String(link.seat)}` : ""}${Array.isArray(link.countries) ? `, located in ${link.countries.join("/")}` : ""}${link.optional ? ", only if chosen" : ""})`)
          .join("; ") + (fact.partial === false ? ` — complete list (${String(fact.source_type)})` : fact.partial === true ? " — partial list" : "")
    : JSON.stringify(fact.value);
  const dates = [typeof fact.verified_at === "string" ? `verified ${fact.verified_at}` : null, typeof fact.source_date === "string" ? `source dated ${fact.source_date}` : "undated source"]
    .filter(Boolean)
    .join(", ");
  return `${path.join(".")} = ${value} (${String(fact.status)}, ${String(fact.source_type)}, ${dates})`;
}

function derived(value: CloudActExposure, rule: string, inputs: Input[], role: UsPartyRole | null, deciding: string | null): DerivedFact {
  const weakest = inputs.reduce((least, input) => ((STRENGTH[String(input.fact.status)] ?? 0) < (STRENGTH[least] ?? 0) ? String(input.fact.status) : least), "confirmed");
  return {
    value,
    status: weakest as FactStatus,
    source_url: null,
    source_type: "derived",
    source_date: null,
    derived_from: inputs.map((input) => input.path.join(".")),
    ...(role ? { us_party_role: role } : {}),
    ...(deciding ? { deciding_link: deciding } : {}),
    note: `Derived by the build (${rule}) from: ${inputs.map(describe).join("; ")}.${deciding ? ` Decided by: ${deciding}.` : ""} As strong as the weakest of these; cite them with their sources.`,
  };
}

/** The derived Fact for a record: a value by the rule, or unknown with the links that are missing. */
export function deriveCloudActExposure(record: object): DerivedFact {
  return deriveWithGaps(record).fact;
}

const nameOf = (record: object, member: string): string | null => {
  const fact = factAt(record, ["ownership", member]);
  return isResearched(fact) && typeof fact!.value === "string" ? fact!.value : null;
};

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
  const locationsInput = input(PATHS.locations);

  if (residency?.fact.value === "customer_controlled") return answered(derived("customer_hosted", "rule 1: self-hosted software", [residency], null, null));

  const usOwner = [hq, owner].find((link) => link?.fact.value === "US");
  if (usOwner) {
    const who = usOwner === hq ? nameOf(record, "contracting_entity") : nameOf(record, "ultimate_parent");
    const deciding = `${who ?? (usOwner === hq ? "the contracting entity" : "the ultimate parent")} (${usOwner === hq ? "contracting entity" : "ultimate parent"}, US)`;
    return answered(derived("ownership", "rule 2: a US entity controls the provider", [usOwner], "operator", deciding));
  }

  const links = infrastructure && Array.isArray(infrastructure.fact.value) ? (infrastructure.fact.value as Link[]) : [];
  const locations = locationsInput && Array.isArray(locationsInput.fact.value) ? (locationsInput.fact.value as Location[]) : [];

  const coreLink = links.find((link) => usCoreLink(link) && byDefault(link));
  if (infrastructure && coreLink) return answered(derived("infrastructure", "rule 3: a US-controlled or US-incorporated cloud or model provider holds the data", [infrastructure], "core", linkInWords(coreLink)));
  const coreLocation = locations.find((location) => usLocation(location) && byDefault(location));
  if (locationsInput && coreLocation) return answered(derived("infrastructure", "rule 3: the data is held in the US by default", [locationsInput], "core", locationInWords(coreLocation)));

  // A "no US entity" answer rests only on what the provider or a register says today: never on a planned value,
  // and never on press, a third-party page or a blog post, which relay a statement without its context.
  const current = (item: Input | null) => (item && item.fact.status !== "planned" && !RELAYED.has(String(item.fact.source_type)) ? item : null);
  // Either shows the parent is not in the US: a non-US parent country, or no parent outside the EU/EEA. The one
  // resting on the provider's own documents or a register counts, whichever it is (a contract's "no control from
  // outside the EU" is not undone by a press report of the owner's country).
  const ownerClear = owner && owner.fact.value !== "US" ? owner : null;
  const parentFalse = parent && parent.fact.value === false ? parent : null;
  const parentClear = current(ownerClear) ?? current(parentFalse) ?? ownerClear ?? parentFalse;
  const ownershipClear = hq && hq.fact.value !== "US" && parentClear ? [hq, parentClear] : null;
  const ownershipCurrent = ownershipClear && ownershipClear.every((item) => current(item)) ? ownershipClear : null;
  const parentUnknown = links.filter((link) => (holdsData(link) || link.kind === "edge") && link.jurisdiction === null && link.seat !== "US");
  const listCurrent = current(infrastructure);
  const complete = infrastructure?.fact.partial === false && isSourceType(infrastructure.fact.source_type) && COMPLETE_LIST_SOURCES.has(infrastructure.fact.source_type);
  const namesWhereDataSits = links.some((link) => holdsData(link) && byDefault(link));
  const locationInputs = locationsInput && locations.some(usLocation) ? [locationsInput] : [];
  const ancillary = links.find(usAncillaryLink);
  const quietRole = (): [UsPartyRole, string | null] => (ancillary ? ["ancillary", linkInWords(ancillary)] : ["none", null]);

  const edgeLink = links.find((link) => usEdgeLink(link) && byDefault(link));
  if (edgeLink && ownershipCurrent && listCurrent && parentUnknown.length === 0 && (complete || namesWhereDataSits)) {
    return answered(derived("edge_service", "rule 4: only an edge service in front of the data is a US party", [...ownershipCurrent, listCurrent], "edge", linkInWords(edgeLink)));
  }

  if (ownershipCurrent && listCurrent && complete && parentUnknown.length === 0 && !edgeLink) {
    const optionalLink = links.find((link) => usCoreLink(link) || usEdgeLink(link));
    const optionalLocation = locations.find(usLocation);
    if (optionalLink || optionalLocation) {
      return answered(
        derived(
          "optional_upstream",
          "rule 5: a US sub-processor or location only if the customer chooses it",
          [...ownershipCurrent, listCurrent, ...(optionalLink ? [] : locationInputs)],
          ancillary ? "ancillary" : "none",
          optionalLink ? linkInWords(optionalLink) : locationInWords(optionalLocation!),
        ),
      );
    }
    const [role, deciding] = quietRole();
    return answered(derived("none_found", "rule 5: no US entity in the researched chain, on the provider's own complete list", [...ownershipCurrent, listCurrent], role, deciding));
  }
  const anyUs = links.some((link) => usCoreLink(link) || usEdgeLink(link)) || locations.some(usLocation);
  if (ownershipCurrent && listCurrent && namesWhereDataSits && !anyUs && parentUnknown.length === 0) {
    const [role, deciding] = quietRole();
    return answered(derived("none_named", "rule 6: no US entity named, the complete sub-processor list not seen", [...ownershipCurrent, listCurrent], role, deciding));
  }

  const weak = [hq, parentClear, infrastructure].filter((item): item is Input => item !== null && current(item) === null);
  const missing = [
    hq ? null : "ownership.country_hq",
    parentClear ? null : "ownership.ownership_jurisdiction (or ownership.foreign_parent = false)",
    ...weak.map((item) =>
      item.fact.status === "planned"
        ? `${item.path.join(".")} as it is today (the value recorded is only planned)`
        : `${item.path.join(".")} from the provider's own documents or a register (the value recorded rests on ${String(item.fact.source_type).replace("_", "-")})`,
    ),
    parentUnknown.length > 0 ? `the ultimate parent of ${parentUnknown.map((link) => String(link.name)).join(", ")} (sovereignty.infrastructure)` : null,
    complete
      ? null
      : infrastructure
        ? "sovereignty.infrastructure as a complete list (partial: false) from the provider's own sub-processor list, DPA or terms"
        : "sovereignty.infrastructure",
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
