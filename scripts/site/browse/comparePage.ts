import { ANSWER_WORDS } from "../../schema/answers.js";
import { BUYER_QUESTIONS } from "../../schema/buyerQuestions.js";
import type { Status } from "../../schema/index.js";
import type { RecordSummary } from "../summary.js";
import { Html, html, page, rootOf } from "./html.js";
import { MESSAGES, type Lang } from "./messages.js";

/** JSON for a data block inside a page: never closes the script element it sits in. */
export const jsonBlock = (value: unknown) => new Html(JSON.stringify(value).replace(/</g, "\\u003c"));

/**
 * /compare.html?ids=a,b,c: every buyer question side by side for 2 to 4 providers. The page is a shell: its
 * script reads the providers from the API files and writes the table; what it needs to label the answers (the
 * questions, their vocabularies' labels in this language, the status words) travels in a data block.
 */
export function comparePage(providers: readonly RecordSummary[], status: Status, lang: Lang): string {
  const t = MESSAGES[lang];
  const data = {
    root: rootOf(lang, "compare.html"),
    prefix: "",
    words: t.script,
    status: t.status,
    categories: t.category,
    labels: {
      question: t.compare.question,
      caption: t.compare.heading,
      citation: t.compare.citation(status.dataset_version),
      printed: t.compare.printed,
      ...ANSWER_WORDS[lang],
      verified: t.verified("{date}"),
      sourceDated: t.sourceDated("{date}"),
      derived: t.derivedFrom("{fields}"),
      notVerified: t.notVerified,
      undated: t.undatedSource,
    },
    questions: BUYER_QUESTIONS.map((question) => ({
      key: question.key,
      path: question.path,
      kind: question.shape.kind,
      label: question.label[lang],
      terms:
        question.shape.kind === "token" || question.shape.kind === "tokens"
          ? Object.fromEntries(question.shape.vocabulary.tokens.map((token) => [token, (question.shape as { vocabulary: { terms: Record<string, Record<Lang, string>> } }).vocabulary.terms[token]![lang]]))
          : null,
    })),
  };
  const body = html`<h1>${t.compare.heading}</h1>
<p>${t.compare.intro}</p>
<p id="compare-note" role="status"></p>
<div id="comparison"></div>
<noscript><p>${t.compare.noScript}</p>
<ul class="columns"><li><a href="index.html">${t.nav.providers}</a></li>${[...providers].sort((a, b) => a.name.localeCompare(b.name)).map((record) => html`<li><a href="providers/${record.id}.html">${record.name}</a></li>`)}</ul></noscript>
<script type="application/json" id="compare-data">${jsonBlock(data)}</script>`;
  return page({ lang, title: t.compare.title, path: "compare.html", body, scripts: ["compare.js"] });
}
