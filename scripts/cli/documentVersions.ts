import type { Command } from "commander";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { todayUtc } from "../config.js";
import { cloneArchive } from "../documentVersions/clone.js";
import { runDocumentVersions, type DocumentVersionsRun } from "../documentVersions/run.js";
import { cleanText } from "../net/outsideText.js";
import { writeAtomically } from "../util/files.js";
import type { JobContext } from "./jobs.js";
import { collect } from "./jobs.js";

/** Names from an archive as plain text: no backticks, so a Markdown summary cannot be broken out of. */
const plain = (text: string) => cleanText(text, 300).replace(/`/g, "'");

function linesOf(run: DocumentVersionsRun): string[] {
  const documents = Object.keys(run.archive.documents).length;
  return [
    `document-versions: ${run.archive.repository} at ${run.archive.commit.slice(0, 12)}: ${documents} cited document${documents === 1 ? "" : "s"} kept in data/document-versions.json; ${run.rechecks.length} Fact${run.rechecks.length === 1 ? "" : "s"} cite a document with a newer version`,
    ...run.rechecks.map((entry) => `  ${entry.provider} ${entry.path}: ${plain(entry.note ?? "")}`),
  ];
}

/**
 * `document-versions`: reads an archive of legal documents (Open Terms Archive's versions repositories), from a
 * local copy (--from) or cloned for the run (--archive), keeps the dated versions of the documents Facts cite in
 * data/document-versions.json, and lists the Facts whose document has a version newer than the one read; the
 * build queues them for a re-check (source_newer_version). The weekly refresh runs it with --archive.
 */
export function registerDocumentVersionsCommand(program: Command, context: JobContext): void {
  program
    .command("document-versions")
    .description("read an archive of legal documents (a local copy with --from, or cloned with --archive) and queue the Facts whose cited document has a newer version for a re-check")
    .option("--from <dir>", "a git directory or checkout of the archive's versions repository (e.g. OpenTermsArchive/genai-contrib-versions)")
    .option("--repository <owner/name>", "with --from: that repository's owner/name on GitHub, as source URLs cite it")
    .option("--declarations <dir>", "with --from: a copy of the archive's declarations repository, to match documents by the address the provider serves them at")
    .option("--archive <name>", "clone Open Terms Archive's collection <name> (its -versions and -declarations repositories) for this run; repeatable", collect, [])
    .option("--summary-file <path>", "also write a Markdown section of what was found (the refresh pull request's description)")
    .option("--append-summary", "add the section after what the file already holds")
    .action(async (options: { from?: string; repository?: string; declarations?: string; archive: string[]; summaryFile?: string; appendSummary?: boolean }) => {
      if (Boolean(options.from) === options.archive.length > 0 || (options.from && !/^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/.test(options.repository ?? ""))) {
        console.error("document-versions: give --from <dir> with --repository <owner/name>, or --archive <name> (repeatable)");
        context.setExitCode(2);
        return;
      }
      const today = todayUtc();
      const lines: string[] = [];
      if (options.from) {
        lines.push(...linesOf(await runDocumentVersions(context.paths(), { from: options.from, repository: options.repository!, declarations: options.declarations, today })));
      }
      for (const name of options.archive) {
        // One archive that cannot be read is reported; the others are still read.
        try {
          const { archive, remove } = await cloneArchive(name);
          try {
            lines.push(...linesOf(await runDocumentVersions(context.paths(), { from: archive.versions, repository: archive.repository, declarations: archive.declarations ?? undefined, today })));
          } finally {
            await remove();
          }
        } catch (error) {
          lines.push(`document-versions: ${name}: ${plain((error as Error).message)}`);
          context.setExitCode(1);
        }
      }
      for (const line of lines) console.log(line);
      if (options.summaryFile) {
        const file = path.resolve(options.summaryFile);
        const before = options.appendSummary ? await readFile(file, "utf8").catch(() => "") : "";
        const section = ["## Newer versions of cited legal documents", "", "```", ...lines, "```", ""].join("\n");
        await writeAtomically(file, `${before}${before && !before.endsWith("\n\n") ? "\n" : ""}${section}`);
      }
    });
}
