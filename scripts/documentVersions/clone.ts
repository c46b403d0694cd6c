import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Open Terms Archive's collections are named <name>-versions and <name>-declarations on GitHub. */
export const ARCHIVE_NAME = /^[a-z0-9][a-z0-9-]{0,60}$/;

export interface ClonedArchive {
  repository: string;
  versions: string;
  declarations: string | null;
}

/**
 * Copies one collection of Open Terms Archive for an offline read: the versions repository without file
 * contents (its history and file names are all the job reads), the declarations at their newest commit. Only
 * github.com/OpenTermsArchive is ever cloned, over https, with no credentials.
 */
export async function cloneArchive(name: string): Promise<{ archive: ClonedArchive; remove: () => Promise<void> }> {
  if (!ARCHIVE_NAME.test(name)) throw new Error(`--archive ${JSON.stringify(name)}: expected a collection name such as genai-contrib`);
  const folder = await mkdtemp(path.join(os.tmpdir(), "document-versions-"));
  const remove = () => rm(folder, { recursive: true, force: true });
  const clone = (args: string[]) => run("git", ["-c", "credential.helper=", "clone", "-q", ...args], { env: { ...process.env, GIT_TERMINAL_PROMPT: "0" }, timeout: 600_000 });
  try {
    const versions = path.join(folder, "versions");
    await clone(["--filter=blob:none", "--no-checkout", `https://github.com/OpenTermsArchive/${name}-versions.git`, versions]);
    const declarations = path.join(folder, "declarations");
    const withDeclarations = await clone(["--depth", "1", `https://github.com/OpenTermsArchive/${name}-declarations.git`, declarations]).then(
      () => true,
      () => false,
    );
    return { archive: { repository: `OpenTermsArchive/${name}-versions`, versions, declarations: withDeclarations ? declarations : null }, remove };
  } catch (error) {
    await remove();
    throw new Error(`could not clone OpenTermsArchive/${name}-versions (${(error as Error).message.split("\n")[0]})`);
  }
}
