import { matchFacts, type AnswerFacts, type Wanted } from "../../../schema/answers.js";
import { fill } from "../markup.js";
import { listOf, readData, today } from "./dom.js";

/**
 * The provider list: filters by answer (any ticked answer of a question, every question), a text search, the
 * order, and the providers ticked for comparison, all kept in the URL. A provider is judged by the same
 * function the build and MCP use (matchFacts): an answer not researched, a sample list, a price in another
 * currency or a scope the evidence does not decide leave it undecided, never a "no"; undecided providers are
 * set aside unless the reader keeps them.
 */

interface Words {
  shown: string;
  keeps: string;
  setAside: string;
  keptUnknown: string;
  compareCount: string;
  filtersActive: string;
  oneFilterActive: string;
  noFilters: string;
  citeText: string;
  searchFor: string;
  keptUnknownOf: string;
}

interface PageData {
  words: Words;
  version: string;
}

interface Filter {
  key: string;
  kind: AnswerFacts["kind"] | "category";
  label: string;
  set: HTMLFieldSetElement;
  values: string[];
  valueLabels: string[];
  max: number | null;
  currency: string | null;
  keep: boolean;
  active: boolean;
}

type Verdict = "yes" | "no" | "unknown";

const form = document.getElementById("filter-form") as HTMLFormElement | null;
const list = document.getElementById("providers");
if (form && list) start(form, list);

function start(form: HTMLFormElement, list: HTMLElement): void {
  const { words, version } = readData<PageData>("index-data");
  form.hidden = false;
  const cards = [...list.children] as HTMLElement[];
  const fieldsets = [...form.querySelectorAll<HTMLFieldSetElement>("fieldset[data-filter]")];
  const search = document.getElementById("filter-text") as HTMLInputElement;
  const sort = document.getElementById("sort") as HTMLSelectElement;
  const shown = document.getElementById("shown")!;
  const active = document.getElementById("active-filters")!;
  const activeCount = document.getElementById("active-count")!;
  const citeText = document.getElementById("cite-list-text");
  const bar = document.getElementById("compare-bar")!;
  const compareLink = document.getElementById("compare-link") as HTMLAnchorElement;
  const compareBase = (compareLink.getAttribute("href") ?? "compare.html").split("?")[0]!;
  const params = new URLSearchParams(location.search);

  const keepWanted = listOf(params.get("keep"));
  for (const set of fieldsets) {
    const key = set.getAttribute("data-filter")!;
    const wanted = listOf(params.get(key));
    for (const input of set.querySelectorAll("input")) {
      if (input.name === "keep") input.checked = keepWanted.includes(key);
      else if (input.type === "checkbox") input.checked = wanted.includes(input.value);
      else if (input.type === "number" && params.get(key) !== null) input.value = params.get(key)!;
    }
    const currency = set.querySelector<HTMLSelectElement>("select[name=cur]");
    if (currency && params.get("cur")) currency.value = params.get("cur")!;
    if (wanted.length || keepWanted.includes(key) || (currency && params.get("cur"))) {
      const more = set.closest("details");
      if (more) more.open = true;
    }
  }
  if (params.get("q")) search.value = params.get("q")!;
  const sortBy = params.get("sort");
  if (sortBy && [...sort.options].some((option) => option.value === sortBy)) sort.value = sortBy;
  let picked = listOf(params.get("compare"));

  /** What each fieldset asks. */
  function readFilters(): Filter[] {
    return fieldsets.map((set) => {
      const key = set.getAttribute("data-filter")!;
      const values: string[] = [];
      const valueLabels: string[] = [];
      let max: number | null = null;
      let keep = false;
      for (const input of set.querySelectorAll("input")) {
        if (input.name === "keep") keep = input.checked;
        else if (input.type === "checkbox" && input.checked) {
          values.push(input.value);
          valueLabels.push((input.parentElement?.textContent ?? input.value).trim());
        } else if (input.type === "number" && input.value !== "" && !Number.isNaN(Number(input.value))) max = Number(input.value);
      }
      const select = set.querySelector<HTMLSelectElement>("select[name=cur]");
      const currency = select && select.value ? select.value : null;
      const label = set.querySelector("legend")?.textContent?.trim() ?? key;
      const kind = (set.getAttribute("data-kind") ?? "category") as Filter["kind"];
      return { key, kind, label, set, values, valueLabels, max, currency, keep, active: values.length > 0 || max !== null || currency !== null };
    });
  }

  /** What a card says of one question, read from the attributes the build wrote (see filterAttributes). */
  function factsOf(card: HTMLElement, filter: Filter): AnswerFacts {
    const key = filter.key;
    const answered = card.getAttribute(`data-a-${key}`);
    const number = card.getAttribute(`data-n-${key}`);
    return {
      kind: filter.kind as AnswerFacts["kind"],
      state: answered !== null ? "answered" : card.hasAttribute(`data-na-${key}`) ? "not_applicable" : "not_researched",
      keys: listOf(answered, "|"),
      maybe: listOf(card.getAttribute(`data-m-${key}`), "|"),
      number: number === null ? null : Number(number),
      complete: card.hasAttribute(`data-c-${key}`),
      currency: card.getAttribute("data-currency"),
    };
  }

  function verdict(card: HTMLElement, filter: Filter): Verdict {
    if (filter.kind === "category") return filter.values.includes(card.getAttribute("data-category") ?? "") ? "yes" : "no";
    const wanted: Wanted = filter.values.length ? { anyOf: filter.values } : { ...(filter.max !== null ? { max: filter.max } : {}), ...(filter.currency ? { currency: filter.currency } : {}) };
    const match = matchFacts(factsOf(card, filter), wanted);
    return match.kind === "undecided" ? "unknown" : match.kind;
  }

  function passes(card: HTMLElement, filters: Filter[], except: Filter | null): boolean {
    for (const filter of filters) {
      if (!filter.active || filter === except) continue;
      const result = verdict(card, filter);
      if (result === "no" || (result === "unknown" && !filter.keep)) return false;
    }
    return true;
  }

  const text = (card: HTMLElement, name: string) => card.getAttribute(name) ?? "";

  function order(): void {
    const by = sort.value;
    const currency = by.startsWith("price:") ? by.slice(6) : null;
    const price = (card: HTMLElement) => (text(card, "data-currency") === currency ? card.getAttribute("data-n-price") : null);
    const sorted = cards.slice().sort((a, b) => {
      if (currency) {
        const pa = price(a);
        const pb = price(b);
        if (pa !== null && pb !== null) return Number(pa) - Number(pb);
        if (pa !== null || pb !== null) return pa !== null ? -1 : 1;
      }
      if (by === "name") return text(a, "data-name").localeCompare(text(b, "data-name"));
      return Number(text(b, "data-researched")) - Number(text(a, "data-researched")) || text(a, "data-name").localeCompare(text(b, "data-name"));
    });
    for (const card of sorted) list.appendChild(card);
  }

  /** The filters in words, as the citation and the comparison's annex give them. */
  function filtersInWords(filters: Filter[], q: string): string {
    const parts = filters
      .filter((filter) => filter.active)
      .map((filter) => {
        const what = filter.values.length ? filter.valueLabels.join(", ") : `≤ ${filter.max ?? ""}${filter.currency ? ` ${filter.currency}` : ""}`.replace("≤  ", "");
        return `${filter.label}: ${what}`;
      });
    if (q) parts.push(fill(words.searchFor, { q }));
    const kept = filters.filter((filter) => filter.active && filter.keep).map((filter) => filter.label);
    if (kept.length) parts.push(fill(words.keptUnknownOf, { questions: kept.join(", ") }));
    return parts.length ? parts.join("; ") : words.noFilters;
  }

  function apply(): void {
    const filters = readFilters();
    const q = search.value.trim().toLowerCase();
    let n = 0;
    for (const card of cards) {
      const visible = (!q || text(card, "data-search").includes(q)) && passes(card, filters, null);
      card.hidden = !visible;
      if (visible) n += 1;
    }
    for (const filter of filters) {
      const out = form.querySelector(`[data-count-for="${filter.key}"]`);
      if (!out) continue;
      if (!filter.active) {
        out.textContent = "";
        continue;
      }
      let kept = 0;
      let unknown = 0;
      for (const card of cards) {
        if (q && !text(card, "data-search").includes(q)) continue;
        if (!passes(card, filters, filter)) continue;
        const result = verdict(card, filter);
        if (result === "yes") kept += 1;
        else if (result === "unknown") unknown += 1;
      }
      out.textContent = `${fill(words.keeps, { n: kept })} · ${fill(filter.keep ? words.keptUnknown : words.setAside, { n: unknown })}`;
    }
    shown.textContent = fill(words.shown, { n, total: cards.length });
    const count = filters.filter((filter) => filter.active).length + (q ? 1 : 0);
    active.hidden = count === 0;
    activeCount.textContent = count === 1 ? words.oneFilterActive : fill(words.filtersActive, { n: count });
    order();
    const query = writeUrl(filters, q);
    if (citeText) citeText.textContent = fill(words.citeText, { count: n, total: cards.length, filters: filtersInWords(filters, q), version, url: location.href, date: today() });
    updateCompare(query);
  }

  /** The comparison carries the filters that produced the shortlist, so its print records them. */
  function updateCompare(query: URLSearchParams): void {
    const boxes = [...list.querySelectorAll<HTMLInputElement>("input[name=compare]")];
    picked = boxes.filter((box) => box.checked).map((box) => box.value);
    bar.hidden = picked.length < 2;
    compareLink.textContent = fill(words.compareCount, { n: Math.min(picked.length, 4) });
    const next = new URLSearchParams(query);
    next.delete("compare");
    next.delete("sort");
    const rest = next.toString();
    compareLink.setAttribute("href", `${compareBase}?ids=${picked.slice(0, 4).map(encodeURIComponent).join(",")}${rest ? `&${rest}` : ""}`);
  }

  function writeUrl(filters: Filter[], q: string): URLSearchParams {
    const next = new URLSearchParams();
    const keep: string[] = [];
    for (const filter of filters) {
      if (filter.values.length) next.set(filter.key, filter.values.join(","));
      if (filter.max !== null) next.set(filter.key, String(filter.max));
      if (filter.currency) next.set("cur", filter.currency);
      if (filter.keep) keep.push(filter.key);
    }
    if (keep.length) next.set("keep", keep.join(","));
    if (q) next.set("q", q);
    if (sort.value !== "researched") next.set("sort", sort.value);
    if (picked.length) next.set("compare", picked.join(","));
    const query = next.toString();
    history.replaceState(null, "", location.pathname + (query ? `?${query}` : "") + location.hash);
    return next;
  }

  for (const box of list.querySelectorAll<HTMLInputElement>("input[name=compare]")) {
    box.checked = picked.includes(box.value);
    box.addEventListener("change", () => {
      picked = [...list.querySelectorAll<HTMLInputElement>("input[name=compare]")].filter((item) => item.checked).map((item) => item.value);
      apply();
    });
  }
  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("change", apply);
  form.addEventListener("input", (event) => {
    const target = event.target as HTMLInputElement;
    if (target === search || target.type === "number") apply();
  });
  sort.addEventListener("change", apply);
  const clear = () => {
    for (const input of form.querySelectorAll("input")) {
      if (input.type === "checkbox") input.checked = false;
      else input.value = "";
    }
    for (const select of form.querySelectorAll("select")) select.value = "";
    apply();
  };
  document.getElementById("clear-filters")!.addEventListener("click", clear);
  document.getElementById("clear-active")?.addEventListener("click", clear);
  apply();
}
