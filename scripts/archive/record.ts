import { promises as fs } from "node:fs";
import path from "node:path";
import { runGit } from "../history/git.js";
import { publishedMetaOf, versionHash } from "./fingerprint.js";
import { joinDataset, parseHead, sha256, writeVersion } from "./store.js";

/** Why a version cannot be kept from this checkout, or null when it can: a clean, full clone, at a commit. */
async function checkoutProblem(root: string): Promise<string | null> {
  const call = { git: "git", cwd: root };
  try {
    const [shallow, status] = await Promise.all([runGit(["rev-parse", "--is-shallow-repository"], call), runGit(["status", "--porcelain=v1", "--untracked-files=all", "--ignored=no"], call)]);
    if (shallow.toString().trim() === "true") return "the checkout is a shallow clone: the commit's history, which the site's change feed is read from, is not all there";
    const dirty = status.toString().trim();
    if (dirty) return `the checkout has changes that are not committed (${dirty.split("\n").slice(0, 3).join("; ")}): a kept version must be what its commit builds`;
    return null;
  } catch (error) {
    return `git cannot tell what the checkout is (${error instanceof Error ? error.message : String(error)})`;
  }
}

export interface RecordedOutcome {
  version: string;
  /** False when the archive kept this version already (a build of the same data). */
  added: boolean;
  commit: string;
}

/**
 * Keeps the version that public/ publishes, as the commit checked out built it: the publishing workflow runs this
 * right after its build, and only it (a local build never keeps a version). The dataset is split into the text
 * before its providers and the provider files, which must join to exactly its bytes and fingerprint to its
 * version; the commit is HEAD, which must be clean. Throws with the reason when the version cannot be kept.
 */
export async function recordPublished(root: string, publicDir: string): Promise<RecordedOutcome> {
  const problem = await checkoutProblem(root);
  if (problem) throw new Error(`not kept: ${problem}`);
  const datasetFile = path.join(publicDir, "api", "data", "index.json");
  const dataset = await fs.readFile(datasetFile);
  const text = dataset.toString("utf8");
  const marker = text.indexOf('"providers":[');
  if (marker < 0) throw new Error(`not kept: ${datasetFile} is not a dataset`);
  const head = text.slice(0, marker + '"providers":['.length);
  const parsedHead = parseHead(head);
  if (!parsedHead.ok || typeof parsedHead.value.version !== "string") throw new Error(`not kept: ${datasetFile}: ${parsedHead.ok ? "it names no version" : parsedHead.reason}`);
  const version = parsedHead.value.version;
  const ids = (JSON.parse(text) as { providers: Array<{ id: string }> }).providers.map((provider) => provider.id);
  const providerFiles = await Promise.all(ids.map((id) => fs.readFile(path.join(publicDir, "api", "data", id, "index.json"))));
  if (!joinDataset(head, providerFiles).equals(dataset)) throw new Error(`not kept: the provider files in ${publicDir} do not join to its dataset: build again`);
  const fingerprint = versionHash(publishedMetaOf(parsedHead.value));
  for (const file of providerFiles) fingerprint.update(file);
  if (version.slice(11) !== fingerprint.digest()) throw new Error(`not kept: the dataset in ${publicDir} is not version ${version}`);
  const [commit, committedAt] = (await runGit(["log", "-1", "--format=%H %cI", "HEAD"], { git: "git", cwd: root })).toString("utf8").trim().split(" ");
  if (!commit || !committedAt) throw new Error("not kept: git names no commit for HEAD");
  const added = await writeVersion(root, {
    version,
    commit,
    committedAt: new Date(committedAt).toISOString().replace(/\.\d{3}Z$/, "Z"),
    head,
    providerFiles,
    sha256: sha256(dataset),
  });
  return { version, added, commit };
}
