import { BUYER_QUESTIONS } from "../../schema/buyerQuestions.js";
import type { Status } from "../../schema/index.js";
import type { RecordSummary } from "../summary.js";
import { EXPOSURE_TERMS } from "../recordAnswers.js";
import type { AnnexData, AnnexRow } from "./client/annex.js";
import type { CompareData } from "./client/compare.js";
import { answerFilters } from "./filters.js";
import { html, jsonBlock, linkerOf, page, rootOf } from "./html.js";
import { legendHtml } from "./legend.js";
import { MESSAGES, type Lang } from "./messages.js";
import { evidenceWords } from "./words.js";

/** The rows of a comparison and of a procurement pack: every buyer question, and the output price beside the input price. */
export function answerRows(lang: Lang): AnnexRow[] {
  return BUYER_QUESTIONS.flatMap((question): AnnexRow[] => {
    const shape = question.shape;
    const terms = "vocabulary" in shape ? Object.fromEntries(shape.vocabulary.tokens.map((token) => [token, { en: shape.vocabulary.terms[token]!.en, sv: shape.vocabulary.terms[token]!.sv }])) : null;
    const of = question.of ? [...question.of] : null;
    const row = { key: question.key, path: question.path, shape: { kind: shape.kind, ...(terms ? { vocabulary: { terms } } : {}) }, label: question.label[lang], of, derived: question.derived === true };
    if (question.key !== "price") return [row];
    const output = { key: "price_output", path: ["pricing", "price_per_1m_output_tokens"] as const, shape: { kind: "number" as const }, label: MESSAGES[lang].compare.outputPrice, of, derived: false };
    return [row, output];
  });
}

/** What the comparison and the pack share in their data block: the rows, the words and the labels. */
export function annexData(lang: Lang, page: string, status: Status, baseUrl: string, repository: string | null): AnnexData {
  const t = MESSAGES[lang];
  return {
    lang,
    root: rootOf(lang, page),
    home: linkerOf(lang, page)(""),
    version: status.dataset_version,
    baseUrl,
    repository,
    categories: t.category,
    evidence: evidenceWords(lang),
    exposure: EXPOSURE_TERMS,
    sov: t.sov,
    rows: answerRows(lang),
  };
}

/**
 * /compare.html?ids=a,b,c: every buyer question side by side for 2 to 4 providers, printable as an A4 annex.
 * The page is a shell: its script reads the providers from the API files and renders the table with the same
 * functions the procurement pack is rendered with; what it needs to word them travels in a data block. The
 * legend is the page's own, so it prints whatever the script does.
 */
export function comparePage(providers: readonly RecordSummary[], status: Status, lang: Lang, repository: string | null = null, baseUrl = ""): string {
  const t = MESSAGES[lang];
  const to = linkerOf(lang, "compare.html");
  const data: CompareData = {
    ...annexData(lang, "compare.html", status, baseUrl, repository),
    words: {
      pickTwo: t.script.pickTwo,
      tooMany: t.script.tooMany,
      loading: t.script.loading,
      failed: t.script.failed,
      question: t.compare.question,
      caption: t.compare.caption,
      citation: t.compare.citation("{version}"),
      printed: t.compare.printed,
      shortlist: t.compare.shortlist,
      noShortlist: t.compare.noShortlist,
      pack: t.compare.pack,
    },
    filters: answerFilters(providers).map((filter) => ({
      key: filter.key,
      label: filter.question.label[lang],
      options: Object.fromEntries(filter.options.map((option) => [option.value, option.label[lang]])),
    })),
  };
  const body = html`<h1>${t.compare.heading}</h1>
<p class="screen-only">${t.compare.intro} ${t.compare.printHint}</p>
<p id="compare-note" role="status"></p>
<div id="comparison"></div>
${legendHtml(lang, true)}
<noscript><p>${t.compare.noScript}</p>
<ul class="columns"><li><a href="${to("index.html")}">${t.nav.providers}</a></li>${[...providers].sort((a, b) => a.name.localeCompare(b.name)).map((record) => html`<li><a href="${to(`providers/${record.id}.html`)}">${record.name}</a></li>`)}</ul></noscript>
<script type="application/json" id="compare-data">${jsonBlock(data)}</script>`;
  return page({ lang, title: t.compare.title, path: "compare.html", body, scripts: ["compare.js"] });
}
