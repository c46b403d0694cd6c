import { describeChange } from "../history/describe.js";
import { diffRecord } from "../history/diff.js";
import { withoutHiddenCharacters } from "../schema/primitives.js";
import { keptArchive, type KeptArchive, type KeptVersion } from "./store.js";

/** Fact-level changes listed per provider in a release's notes before "and n more". */
const CHANGES_PER_PROVIDER = 12;
/** Providers listed with their changes before the rest are named only. */
const PROVIDERS_DETAILED = 40;

/** Text from the data, in Markdown: one line, in a code span that nothing inside it can close. */
const code = (text: string) => {
  const flat = withoutHiddenCharacters(text).replace(/\s+/g, " ");
  const fence = "`".repeat(Math.max(1, ...[...flat.matchAll(/`+/g)].map((match) => match[0].length + 1)));
  return `${fence}${fence.length > 1 ? " " : ""}${flat}${fence.length > 1 ? " " : ""}${fence}`;
};

const parse = (bytes: Buffer) => JSON.parse(bytes.toString("utf8")) as Record<string, unknown>;

/**
 * The notes of a version's release: what it is (date, commit, size, SHA-256, its permanent address), and what
 * changed against the version kept before it, provider by provider and Fact by Fact, in the words the change feed
 * uses. Text from the data is quoted in code spans.
 */
export function releaseNotes(archive: KeptArchive, version: KeptVersion, options: { baseUrl: string; repositoryUrl?: string }): string {
  const newestFirst = archive.versions;
  const previous = newestFirst[newestFirst.findIndex((entry) => entry.version === version.version) + 1] ?? null;
  const byId = (records: readonly string[]) => new Map(records.map((hash) => [archive.record(hash).id, hash]));
  const after = byId(version.records);
  const before = previous ? byId(previous.records) : new Map<string, string>();
  const added = [...after.keys()].filter((id) => !before.has(id));
  const removed = [...before.keys()].filter((id) => !after.has(id));
  const changed = [...after].filter(([id, hash]) => before.has(id) && before.get(id) !== hash).map(([id]) => id);
  const base = options.baseUrl.replace(/\/+$/, "");
  const repository = options.repositoryUrl?.replace(/\/+$/, "");
  const lines = [
    `Dataset version \`${version.version}\`, built from commit ${repository ? `[${version.commit.slice(0, 12)}](${repository}/commit/${version.commit})` : `\`${version.commit.slice(0, 12)}\``} (${version.committedAt.slice(0, 10)}).`,
    "",
    `- The dataset as published: ${base}/archive/${version.version}.json (${version.size} bytes, SHA-256 \`${version.sha256}\`)`,
    `- ${version.records.length} providers; licence CC BY 4.0`,
    `- Cite as: European AI infrastructure evidence dataset, version ${version.version}, CC BY 4.0, ${base}/archive/${version.version}.json`,
    "",
  ];
  if (!previous) {
    lines.push("The first version kept.", "");
    return `${lines.join("\n")}\n`;
  }
  lines.push(`## What changed since ${previous.version}`, "");
  if (added.length + removed.length + changed.length === 0) lines.push("No provider's record changed; the dataset's own text did.", "");
  if (added.length) lines.push(`Added (${added.length}): ${added.map(code).join(", ")}`, "");
  if (removed.length) lines.push(`Removed (${removed.length}): ${removed.map(code).join(", ")}`, "");
  if (changed.length) {
    lines.push(`Changed (${changed.length}):`, "");
    for (const id of changed.slice(0, PROVIDERS_DETAILED)) {
      const changes = diffRecord(id, parse(archive.record(before.get(id)!).bytes), parse(archive.record(after.get(id)!).bytes), { commit: version.commit.slice(0, 12), date: version.committedAt.slice(0, 10), datasetVersion: null });
      lines.push(`- ${code(id)}: ${changes.length ? `${changes.length} change(s) to its Facts` : "its record changed outside its Facts (dates, observations)"}`);
      for (const change of changes.slice(0, CHANGES_PER_PROVIDER)) lines.push(`  - ${code(describeChange(change))}`);
      if (changes.length > CHANGES_PER_PROVIDER) lines.push(`  - and ${changes.length - CHANGES_PER_PROVIDER} more`);
    }
    if (changed.length > PROVIDERS_DETAILED) lines.push(`- and ${changed.length - PROVIDERS_DETAILED} more: ${changed.slice(PROVIDERS_DETAILED).map(code).join(", ")}`);
    lines.push("");
  }
  lines.push(`Every change, Fact by Fact, with the version that first published it: ${base}/api/changes.json (Atom: ${base}/feed.xml).`);
  return `${lines.join("\n")}\n`;
}

/** The notes of a kept version (by default the newest) of the archive under `root`. */
export async function releaseNotesOf(root: string, options: { version?: string; today: string; baseUrl: string; repositoryUrl?: string }): Promise<string> {
  const archive = await keptArchive(root, options.today);
  const version = options.version ? archive.versions.find((entry) => entry.version === options.version) : archive.versions[0];
  if (!version) throw new Error(options.version ? `the archive keeps no version ${options.version}` : "the archive keeps no version");
  return releaseNotes(archive, version, options);
}
