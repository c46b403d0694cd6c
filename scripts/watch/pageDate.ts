import type { PageText } from "./pageText.js";

/**
 * A page's own date: the "Last updated", "Stand", "Senast uppdaterad" line a reader sees, else what the
 * markup states (JSON-LD, meta tags, Markdown front matter), else the server's Last-Modified (weakest: it
 * often dates a deployment, not the text). A day gives YYYY-MM-DD, a month alone YYYY-MM; a year alone
 * dates nothing.
 */
export interface PageDate {
  date: string;
  /** Where it was read, in words a reviewer can check ("text: 'Stand: Oktober 2025'", "json-ld dateModified"). */
  basis: string;
}

const MONTHS: Record<string, number> = {};
const addMonths = (names: string[]) => names.forEach((name, index) => name.split("|").forEach((spelling) => (MONTHS[spelling] = index + 1)));
// en, de, fr, sv/no/da, fi (nominative and partitive), it, es, nl; abbreviations where pages use them.
addMonths(["january|jan", "february|feb", "march|mar", "april|apr", "may", "june|jun", "july|jul", "august|aug", "september|sep|sept", "october|oct", "november|nov", "december|dec"]);
addMonths(["januar|jän|jänner", "februar", "märz|maerz|mär", "april", "mai", "juni", "juli", "august", "september", "oktober|okt", "november", "dezember|dez"]);
addMonths(["janvier|janv", "février|fevrier|févr", "mars", "avril|avr", "mai", "juin", "juillet|juil", "août|aout", "septembre", "octobre", "novembre", "décembre|decembre|déc"]);
addMonths(["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"]);
addMonths(["januar", "februar", "marts|mars", "april", "mai|maj", "juni", "juli", "august", "september", "oktober", "november", "desember|december"]);
addMonths(["tammikuu|tammikuuta", "helmikuu|helmikuuta", "maaliskuu|maaliskuuta", "huhtikuu|huhtikuuta", "toukokuu|toukokuuta", "kesäkuu|kesäkuuta", "heinäkuu|heinäkuuta", "elokuu|elokuuta", "syyskuu|syyskuuta", "lokakuu|lokakuuta", "marraskuu|marraskuuta", "joulukuu|joulukuuta"]);
addMonths(["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"]);
addMonths(["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre|setiembre", "octubre", "noviembre", "diciembre"]);
addMonths(["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"]);

const MONTH = `(${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join("|")})\\.?`;

/** Words that introduce a page's date, in the languages of the providers' pages. */
const LABELS = [
  "last updated(?: on)?",
  "last modified(?: on)?",
  "last revised(?: on)?",
  "last update",
  "updated(?: on)?",
  "revised(?: on)?",
  "effective(?: date| from| as of| on)?",
  "version date",
  "date of last revision",
  "stand(?: der informationen)?",
  "zuletzt (?:aktualisiert|geändert)(?: am)?",
  "letzte (?:aktualisierung|änderung)",
  "aktualisiert am",
  "gültig ab",
  "(?:version|fassung) vom",
  "senast (?:uppdaterad|ändrad)(?: den)?",
  "uppdaterad(?: den)?",
  "gäller från(?: den)?",
  "sist (?:oppdatert|endret)",
  "oppdatert",
  "gjelder fra",
  "senest (?:opdateret|ændret)",
  "sidst (?:opdateret|ændret)",
  "opdateret",
  "gældende fra",
  "(?:viimeksi )?päivitetty",
  "voimassa (?:alkaen|lähtien)",
  "dernière mise à jour(?: le)?",
  "mis(?:e)? à jour le",
  "en vigueur (?:le|à compter du|au)",
  "date d'effet",
  "version du",
  "ultimo aggiornamento",
  "aggiornat[oa] (?:al|il)",
  "in vigore dal",
  "última actualización",
  "actualizad[oa] (?:el|a)",
  "vigente desde",
  "laatst bijgewerkt(?: op)?",
  "bijgewerkt op",
  "laatste update",
  "geldig vanaf",
  "ingangsdatum",
];

const LABEL = `(?:${LABELS.join("|")})`;
const SEPARATOR = `\\s*(?::|-|–|—|,)?\\s*(?:am|le|on|den|the|el|il|op|du|dal|del)?\\s*`;

const real = (year: number, month: number, day?: number) => {
  if (year < 1990 || year > 2100 || month < 1 || month > 12) return false;
  if (day === undefined) return true;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};
const pad = (n: number) => String(n).padStart(2, "0");
const day = (year: number, month: number, dayOfMonth: number) => (real(year, month, dayOfMonth) ? `${year}-${pad(month)}-${pad(dayOfMonth)}` : null);

/** A date written right at the start of `text`, in the forms pages use; null when it is none or ambiguous. */
export function dateAtStart(text: string): string | null {
  const t = text.trim().toLowerCase();
  let m = /^(\d{4})-(\d{2})-(\d{2})\b/.exec(t);
  if (m) return day(+m[1]!, +m[2]!, +m[3]!);
  // 12. März 2026, 12 March 2026, 12th March 2026, 12 mars 2026, 1er avril 2026
  m = new RegExp(`^(\\d{1,2})(?:\\.|st|nd|rd|th|er)?\\s+(?:de\\s+)?${MONTH}\\s+(?:de\\s+)?(\\d{4})\\b`).exec(t);
  if (m) return day(+m[3]!, MONTHS[m[2]!]!, +m[1]!);
  // March 12, 2026
  m = new RegExp(`^${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`).exec(t);
  if (m) return day(+m[3]!, MONTHS[m[1]!]!, +m[2]!);
  // 12.03.2026 (day first, as written in Europe)
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})\b/.exec(t);
  if (m) return day(+m[3]!, +m[2]!, +m[1]!);
  // 12/03/2026: day first unless that is impossible; both readings possible → ambiguous, no date.
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\b/.exec(t);
  if (m) {
    const [a, b, year] = [+m[1]!, +m[2]!, +m[3]!];
    if (a <= 12 && b <= 12 && a !== b) return null;
    return a > 12 ? day(year, b, a) : day(year, a, b);
  }
  // Oktober 2025, October 2025 → the month alone
  m = new RegExp(`^${MONTH}\\s+(\\d{4})\\b`).exec(t);
  if (m && real(+m[2]!, MONTHS[m[1]!]!)) return `${m[2]}-${pad(MONTHS[m[1]!]!)}`;
  // 2025-10
  m = /^(\d{4})-(\d{2})\b(?!-)/.exec(t);
  if (m && real(+m[1]!, +m[2]!)) return `${m[1]}-${m[2]}`;
  return null;
}

const LINE_LABEL = new RegExp(`(?:^|[\\s(|*_#])${LABEL}${SEPARATOR}`, "giu");

/** The first line of visible text that states the page's date after one of the labels. */
export function dateFromText(text: string): PageDate | null {
  for (const line of text.split("\n")) {
    if (line.length > 400) continue;
    LINE_LABEL.lastIndex = 0;
    for (let match = LINE_LABEL.exec(line); match; match = LINE_LABEL.exec(line)) {
      const date = dateAtStart(line.slice(match.index + match[0].length).replace(/^[*_]+/, ""));
      if (date) return { date, basis: `text: '${line.trim().slice(0, 100)}'` };
    }
  }
  return null;
}

const isoDay = (value: string): string | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  return m ? day(+m[1]!, +m[2]!, +m[3]!) : null;
};

function fromJsonLd(blocks: readonly string[], member: "dateModified" | "datePublished"): PageDate | null {
  const pattern = new RegExp(`"${member}"\\s*:\\s*"([^"]{8,40})"`);
  for (const block of blocks) {
    const found = pattern.exec(block);
    const date = found ? isoDay(found[1]!) : null;
    if (date) return { date, basis: `json-ld ${member}` };
  }
  return null;
}

const MODIFIED_META = ["article:modified_time", "og:updated_time", "last-modified", "dcterms.modified", "dc.date.modified", "datemodified"];
const PUBLISHED_META = ["article:published_time", "dcterms.created", "dc.date", "date"];

function fromMeta(meta: PageText["meta"], names: readonly string[]): PageDate | null {
  for (const { name, content } of meta) {
    if (!names.includes(name)) continue;
    const date = isoDay(content);
    if (date) return { date, basis: `meta ${name}` };
  }
  return null;
}

function fromFrontMatter(body: string): PageDate | null {
  const block = /^---\r?\n([\s\S]*?)\r?\n---/.exec(body);
  if (!block) return null;
  for (const key of ["last_updated", "lastmod", "last_modified", "updated", "date"]) {
    const line = new RegExp(`^${key}\\s*:\\s*["']?([^"'\\n]+)`, "mi").exec(block[1]!);
    const date = line ? isoDay(line[1]!) ?? dateAtStart(line[1]!) : null;
    if (date) return { date, basis: `front matter ${key}` };
  }
  return null;
}

/** The header's day, when it is a plausible one: a server whose clock says 1 January 1970 dates nothing. */
function fromLastModified(header: string | null): PageDate | null {
  if (!header) return null;
  const time = Date.parse(header);
  if (Number.isNaN(time)) return null;
  const at = new Date(time);
  const date = day(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());
  return date ? { date, basis: "http last-modified" } : null;
}

/**
 * The page's date from the strongest evidence it carries: `page` as the parser read it (its whole visible
 * text, footer included, its JSON-LD and meta tags), `body` the raw answer (for Markdown front matter). A date
 * later than `today`, or before the web had pages to date, is not believed.
 */
export function pageDateOf(page: PageText, body: string, lastModified: string | null, today: string): PageDate | null {
  const candidates = [
    () => dateFromText(page.full),
    () => fromJsonLd(page.jsonLd, "dateModified"),
    () => fromMeta(page.meta, MODIFIED_META),
    () => fromFrontMatter(body),
    () => fromJsonLd(page.jsonLd, "datePublished"),
    () => fromMeta(page.meta, PUBLISHED_META),
    () => fromLastModified(lastModified),
  ];
  for (const candidate of candidates) {
    const found = candidate();
    if (found && found.date <= today) return found;
  }
  return null;
}
