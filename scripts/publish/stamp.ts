import { createHash } from "node:crypto";
import { promises as fs, type Dirent } from "node:fs";
import path from "node:path";
import type { ProjectPaths } from "../config.js";
import { runGit } from "../history/git.js";
import { mapLimit } from "../util/pool.js";
import { writeAtomically } from "../util/files.js";
import { stampFile } from "./folders.js";

/**
 * What a build was made from, kept beside public/ (`.public.stamp`, ignored by git): a digest of every file under
 * data/, scripts/ and archive/ (by content, so a checkout that only touched them does not count), package-lock.json,
 * the commit the history is read from, the build's options and Node's version; and which public/ it produced.
 * `npm start` serves public/ without building when the stamp still matches: a build would write nothing.
 * A file changed inside public/ by hand is not noticed; `npm run build` always builds.
 */
export interface StampOptions {
  /** The folder whose scripts/ and package-lock.json this program runs from (the data's root when it is the same). */
  programRoot: string;
  baseUrl: string;
  today: string;
  sourceDateEpoch: string | null;
  githubPages: boolean;
  repositoryUrl: string | null;
}

/** Files under data/ that the build itself writes: output, not input. */
const BUILD_OUTPUT = new Set(["data/review-queue.json", "data/provider.schema.json"]);

async function filesUnder(root: string, folder: string): Promise<string[]> {
  const entries: Dirent[] = await fs.readdir(path.join(root, folder), { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() || entry.isSymbolicLink())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((file) => !BUILD_OUTPUT.has(file));
}

async function headCommit(root: string): Promise<string> {
  try {
    return (await runGit(["rev-parse", "HEAD"], { git: "git", cwd: root })).toString("utf8").trim();
  } catch {
    return "no history";
  }
}

/** The published folder as the stamp knows it: replaced by every build that changed anything, gone if deleted. */
async function publishedIdentity(publicDir: string): Promise<string | null> {
  const [folder, status] = await Promise.all([fs.stat(publicDir).catch(() => null), fs.stat(path.join(publicDir, "api", "status.json")).catch(() => null)]);
  if (!folder?.isDirectory() || !status?.isFile()) return null;
  return `${folder.ino}:${status.ino}:${status.size}`;
}

/** Larger than any input the loader accepts: such a file is described, not read (the build then refuses it). */
const MAX_DIGESTED_BYTES = 256 * 1024 * 1024;

/**
 * One input's fingerprint, read without following a link and without reading what is not a regular file: a data
 * file linked to /dev/zero or a FIFO must not hang `npm start` before the loader gets to refuse it.
 */
async function digestOf(file: string): Promise<string> {
  const info = await fs.lstat(file).catch(() => null);
  if (!info) return "missing";
  if (info.isSymbolicLink()) return `link:${await fs.readlink(file).catch(() => "")}`;
  if (!info.isFile()) return "not a file";
  if (info.size > MAX_DIGESTED_BYTES) return `large:${info.size}:${info.mtimeMs}`;
  const bytes = await fs.readFile(file).catch(() => null);
  return bytes ? createHash("sha256").update(bytes).digest("hex") : "missing";
}

/** The digest of the inputs, and whether the stamp beside public/ names them and the public/ that is there. */
export async function inputsStamp(paths: ProjectPaths, options: StampOptions): Promise<{ inputs: string; isCurrent: boolean }> {
  const { programRoot, ...built } = options;
  const [data, archive, scripts] = await Promise.all([filesUnder(paths.root, "data"), filesUnder(paths.root, "archive"), filesUnder(programRoot, "scripts")]);
  const files = [...[...data, ...archive].sort().map((file) => path.join(paths.root, file)), ...[...scripts, "package-lock.json"].sort().map((file) => path.join(programRoot, file))];
  const digests = await mapLimit(files, 16, digestOf);
  const hash = createHash("sha256");
  hash.update(JSON.stringify({ node: process.version, options: built, head: await headCommit(paths.root) }));
  files.forEach((file, index) => hash.update(`\n${file}\0${digests[index]}`));
  const inputs = hash.digest("hex");
  const [stored, identity] = await Promise.all([fs.readFile(stampFile(paths.publicDir), "utf8").catch(() => null), publishedIdentity(paths.publicDir)]);
  let isCurrent = false;
  try {
    const parsed = stored ? (JSON.parse(stored) as { inputs?: unknown; published?: unknown }) : null;
    isCurrent = identity !== null && parsed?.inputs === inputs && parsed.published === identity;
  } catch {
    // not ours, or cut short: build
  }
  return { inputs, isCurrent };
}

/** Records, after a build, which inputs the public/ now in place was made from. */
export async function writeStamp(publicDir: string, stamp: { inputs: string }): Promise<void> {
  const published = await publishedIdentity(publicDir);
  if (published) await writeAtomically(stampFile(publicDir), `${JSON.stringify({ inputs: stamp.inputs, published })}\n`);
}
