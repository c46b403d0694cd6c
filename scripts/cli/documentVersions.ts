import type { Command } from "commander";
import { todayUtc } from "../config.js";
import { runDocumentVersions } from "../documentVersions/run.js";
import { cleanText } from "../net/outsideText.js";
import type { JobContext } from "./jobs.js";

/**
 * `document-versions`: reads an archive of legal documents (Open Terms Archive's versions repositories) from a
 * local copy, keeps the dated versions of the documents Facts cite in data/document-versions.json, and lists the
 * Facts whose document has a version newer than the one read; the build queues them for a re-check
 * (source_newer_version). The weekly refresh clones the archives and runs it.
 */
export function registerDocumentVersionsCommand(program: Command, context: JobContext): void {
  program
    .command("document-versions")
    .description("read an archive of legal documents from a local copy (--from) and queue the Facts whose cited document has a newer version for a re-check")
    .requiredOption("--from <dir>", "a git directory or checkout of the archive's versions repository (e.g. OpenTermsArchive/genai-contrib-versions)")
    .requiredOption("--repository <owner/name>", "that repository's owner/name on GitHub, as source URLs cite it")
    .option("--declarations <dir>", "a copy of the archive's declarations repository, to match documents by the address the provider serves them at")
    .action(async (options: { from: string; repository: string; declarations?: string }) => {
      if (!/^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/.test(options.repository)) {
        console.error("document-versions: --repository must be owner/name");
        context.setExitCode(2);
        return;
      }
      const run = await runDocumentVersions(context.paths(), { ...options, today: todayUtc() });
      const documents = Object.keys(run.archive.documents).length;
      console.log(`document-versions: ${run.archive.repository} at ${run.archive.commit.slice(0, 12)}: ${documents} cited document${documents === 1 ? "" : "s"} kept in data/document-versions.json; ${run.rechecks.length} Fact${run.rechecks.length === 1 ? "" : "s"} cite a document with a newer version`);
      // Names from the archive are printed as plain text: no backticks, so a Markdown summary cannot be broken out of.
      for (const entry of run.rechecks) console.log(`  ${entry.provider} ${entry.path}: ${cleanText(entry.note ?? "", 300).replace(/`/g, "'")}`);
    });
}
