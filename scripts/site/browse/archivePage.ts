import type { ArchiveIndex, ArchivedVersion } from "../../schema/index.js";
import { FILES } from "../../routes.js";
import { CONCEPT_DOI } from "../version.js";
import { html, page, rootOf, safeHref, type Html } from "./html.js";
import { LANG_PREFIX, MESSAGES, type Lang, type Messages } from "./messages.js";

/** How many providers a version's line names per kind of change before it says how many more. */
const NAMED = 8;

function size(bytes: number, t: Messages): string {
  const megabytes = (bytes / 1_000_000).toFixed(1);
  return t.archive.size(t.lang === "sv" ? megabytes.replace(".", ",") : megabytes);
}

function providers(ids: readonly string[], current: ReadonlySet<string>, root: string, lang: Lang): Html {
  const named = ids.slice(0, NAMED).map((id, index) => html`${index > 0 ? ", " : ""}${current.has(id) ? html`<a href="${root}${LANG_PREFIX[lang]}providers/${id}.html">${id}</a>` : html`<code>${id}</code>`}`);
  return html`${named}${ids.length > NAMED ? ` ${MESSAGES[lang].archive.more(ids.length - NAMED)}` : ""}`;
}

function changes(version: ArchivedVersion, current: ReadonlySet<string>, root: string, t: Messages): Html {
  const { changes: changed } = version;
  if (!changed) return html`<span class="muted">${t.archive.first}</span>`;
  const lines = [
    changed.providers_added.length ? html`<li>${t.archive.added(changed.providers_added.length)} ${providers(changed.providers_added, current, root, t.lang)}</li>` : "",
    changed.providers_changed.length ? html`<li>${t.archive.changed(changed.providers_changed.length)} ${providers(changed.providers_changed, current, root, t.lang)}</li>` : "",
    changed.providers_removed.length ? html`<li>${t.archive.removed(changed.providers_removed.length)} ${providers(changed.providers_removed, current, root, t.lang)}</li>` : "",
  ].filter(Boolean);
  return lines.length ? html`<ul class="changes">${lines}</ul>` : html`<span class="muted">${t.archive.noProvider}</span>`;
}

/**
 * /archive/ and /sv/archive/: the kept versions for people, newest first, each with its date, size, what changed
 * against the version before it and its links (the dataset as published, the data at its commit). The same
 * facts as /archive/index.json, which the page links.
 */
export function archivePage(index: ArchiveIndex, currentIds: ReadonlySet<string>, lang: Lang): string {
  const t = MESSAGES[lang];
  const root = rootOf(lang, FILES.archivePage);
  const archive = `${root}archive/`;
  const keptCurrent = index.versions.some((version) => version.version === index.current_version && version.recorded);
  const rows = index.versions.map((version) => {
    const data = safeHref(version.data_url);
    return html`<tr id="v-${version.version}">
<th scope="row"><a href="${archive}${version.href}"><code>${version.version}</code></a>${version.recorded ? "" : html`<br><span class="muted">${t.archive.notKept}</span>`}</th>
<td><time datetime="${version.date}">${version.date}</time></td>
<td class="num">${size(version.bytes, t)}</td>
<td>${changes(version, currentIds, root, t)}</td>
<td><a href="${archive}${version.href}">${t.archive.dataset}</a>${version.commit ? html`<br>${t.archive.commit} <code>${version.commit}</code>` : ""}${data ? html`<br><a href="${data}" rel="nofollow noopener">${t.archive.data}</a>` : ""}</td>
</tr>`;
  });
  const body = html`<h1>${t.archive.heading}</h1>
<p>${t.archive.intro}</p>
<p>${keptCurrent ? t.archive.current(index.current_version) : t.archive.currentNotKept(index.current_version)}</p>
<div class="scroll" tabindex="0" role="region" aria-labelledby="versions-h"><table id="versions">
<caption id="versions-h">${t.archive.caption(index.versions.length)}</caption>
<thead><tr>${t.archive.columns.map((column) => html`<th scope="col">${column}</th>`)}</tr></thead>
<tbody>${rows}</tbody>
</table></div>
${index.earlier.length ? html`<p>${t.archive.earlier(index.earlier.length)}</p>` : ""}
<p><a href="${archive}index.json">${t.archive.json}</a> · <a href="${root}api/changes.json">${t.archive.changeList}</a> · <a href="${root}feed.xml">${t.archive.feed}</a> · <a href="${root}${LANG_PREFIX[lang]}methodology.html#cite">${t.archive.cite}</a></p>`;
  return page({ lang, title: t.archive.title, path: FILES.archivePage, body });
}

/** The title a release carries on Zenodo (.zenodo.json). */
const RELEASE_TITLE = "European AI infrastructure evidence dataset";

const splitOnce = (text: string, part: string): [string, string | null] => {
  const at = text.lastIndexOf(part);
  return at === -1 ? [text, null] : [text.slice(0, at), text.slice(at + part.length)];
};

/**
 * The two ways to cite a version, for the methodology's "how to cite": the version form and the DOI form, with
 * the DOI of all versions once Zenodo has minted it (CONCEPT_DOI), and a link to the versions page.
 */
export function citeForms(version: string, baseUrl: string, lang: Lang): Html {
  const t = MESSAGES[lang];
  const root = rootOf(lang, "methodology.html");
  // The DOI form cites the release by its title on Zenodo, which is English on every page: marked as such.
  const [before, after] = splitOnce(t.archive.citeForms(version, `${baseUrl}/${FILES.archivedVersion(version)}`), RELEASE_TITLE);
  const forms = after === null ? html`${before}` : html`${before}<span lang="en">${RELEASE_TITLE}</span>${after}`;
  return html`<p id="cite">${forms} ${CONCEPT_DOI ? t.archive.doi(CONCEPT_DOI) : t.archive.noDoi} <a href="${root}${LANG_PREFIX[lang]}archive/">${t.archive.versions}</a>.</p>`;
}
