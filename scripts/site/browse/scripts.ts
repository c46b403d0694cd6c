/**
 * The pages' scripts, as plain ES5 so any browser runs them. Each page works without them (the full list,
 * most researched first; the provider pages; the price tables) and says so where it does not (compare).
 */

/** Every page: the language switch keeps the filters and the place on the page. */
export const SITE_SCRIPT = `"use strict";
(function () {
  // A host that serves a language folder's page without its closing slash breaks its relative links.
  var lang = document.documentElement.lang;
  if (lang !== "en" && new RegExp("/" + lang + "$").test(location.pathname)) {
    location.replace(location.pathname + "/" + location.search + location.hash);
    return;
  }
  var links = document.querySelectorAll("a[data-keep-query]");
  Array.prototype.forEach.call(links, function (link) {
    link.addEventListener("click", function () {
      var base = link.getAttribute("href").split(/[?#]/)[0];
      link.setAttribute("href", base + location.search + location.hash);
    });
  });
})();
`;

/**
 * The provider list: filters by answer (any ticked answer of a question, every question), a text search,
 * the order, and the providers ticked for comparison, all kept in the URL. A provider whose answer is not
 * researched is set aside, never counted as a "no", unless the reader keeps such providers.
 */
export const INDEX_SCRIPT = `"use strict";
(function () {
  var form = document.getElementById("filter-form");
  var list = document.getElementById("providers");
  if (!form || !list) return;
  var words = JSON.parse(document.getElementById("messages").textContent);
  function say(template, values) { return template.replace(/\\{(\\w+)\\}/g, function (_, name) { return String(values[name]); }); }
  form.hidden = false;
  var cards = Array.prototype.slice.call(list.children);
  var fieldsets = Array.prototype.slice.call(form.querySelectorAll("fieldset[data-filter]"));
  var search = document.getElementById("filter-text");
  var sort = document.getElementById("sort");
  var shown = document.getElementById("shown");
  var bar = document.getElementById("compare-bar");
  var compareLink = document.getElementById("compare-link");
  var params = new URLSearchParams(location.search);

  function listOf(text) { return text ? text.split(",").filter(Boolean) : []; }
  var keepWanted = listOf(params.get("keep"));
  fieldsets.forEach(function (set) {
    var key = set.getAttribute("data-filter");
    var wanted = listOf(params.get(key));
    Array.prototype.forEach.call(set.querySelectorAll("input"), function (input) {
      if (input.name === "keep") input.checked = keepWanted.indexOf(key) !== -1;
      else if (input.type === "checkbox") input.checked = wanted.indexOf(input.value) !== -1;
      else if (input.type === "number" && params.get(key) !== null) input.value = params.get(key);
    });
    var currency = set.querySelector("select[name=cur]");
    if (currency && params.get("cur")) currency.value = params.get("cur");
    if (wanted.length || keepWanted.indexOf(key) !== -1) {
      var more = set.closest("details");
      if (more) more.open = true;
    }
  });
  if (params.get("q")) search.value = params.get("q");
  if (params.get("sort")) {
    var option = Array.prototype.some.call(sort.options, function (o) { return o.value === params.get("sort"); });
    if (option) sort.value = params.get("sort");
  }
  var picked = listOf(params.get("compare"));

  /** What each fieldset asks: { key, values[], max, currency, keep }. */
  function readFilters() {
    return fieldsets.map(function (set) {
      var key = set.getAttribute("data-filter");
      var values = [], max = null, currency = null, keep = false;
      Array.prototype.forEach.call(set.querySelectorAll("input"), function (input) {
        if (input.name === "keep") keep = input.checked;
        else if (input.type === "checkbox" && input.checked) values.push(input.value);
        else if (input.type === "number" && input.value !== "" && !isNaN(Number(input.value))) max = Number(input.value);
      });
      var select = set.querySelector("select[name=cur]");
      if (select && select.value) currency = select.value;
      return { key: key, values: values, max: max, currency: currency, keep: keep, active: values.length > 0 || max !== null };
    });
  }

  /** yes, no, or unknown (not researched, a sample list, another currency): unknown is never a no. */
  function verdict(card, filter) {
    if (filter.key === "category") return filter.values.indexOf(card.getAttribute("data-category")) !== -1 ? "yes" : "no";
    var raw = card.getAttribute("data-a-" + filter.key);
    if (raw === null) return "unknown";
    if (filter.max !== null) {
      var number = card.getAttribute("data-n-" + filter.key);
      if (number === null) return raw === "until_deleted" ? "no" : "unknown";
      if (filter.currency && card.getAttribute("data-currency") !== filter.currency) return "unknown";
      return Number(number) <= filter.max ? "yes" : "no";
    }
    var keys = raw ? raw.split("|") : [];
    for (var i = 0; i < filter.values.length; i++) if (keys.indexOf(filter.values[i]) !== -1) return "yes";
    return card.hasAttribute("data-p-" + filter.key) ? "unknown" : "no";
  }

  function passes(card, filters, except) {
    for (var i = 0; i < filters.length; i++) {
      var filter = filters[i];
      if (!filter.active || filter === except) continue;
      var result = verdict(card, filter);
      if (result === "no" || (result === "unknown" && !filter.keep)) return false;
    }
    return true;
  }

  function order() {
    var by = sort.value;
    var currency = by.indexOf("price:") === 0 ? by.slice(6) : null;
    var sorted = cards.slice().sort(function (a, b) {
      if (currency) {
        var pa = a.getAttribute("data-currency") === currency ? a.getAttribute("data-n-price") : null;
        var pb = b.getAttribute("data-currency") === currency ? b.getAttribute("data-n-price") : null;
        if (pa !== null && pb !== null) return Number(pa) - Number(pb);
        if (pa !== null || pb !== null) return pa !== null ? -1 : 1;
      }
      if (by === "name") return a.getAttribute("data-name").localeCompare(b.getAttribute("data-name"));
      return Number(b.getAttribute("data-researched")) - Number(a.getAttribute("data-researched")) || a.getAttribute("data-name").localeCompare(b.getAttribute("data-name"));
    });
    sorted.forEach(function (card) { list.appendChild(card); });
  }

  function apply() {
    var filters = readFilters();
    var q = search.value.trim().toLowerCase();
    var n = 0;
    cards.forEach(function (card) {
      var visible = (!q || card.getAttribute("data-search").indexOf(q) !== -1) && passes(card, filters, null);
      card.hidden = !visible;
      if (visible) n += 1;
    });
    filters.forEach(function (filter) {
      var out = form.querySelector("[data-count-for=" + filter.key + "]");
      if (!out) return;
      if (!filter.active) { out.textContent = ""; return; }
      var kept = 0, unknown = 0;
      cards.forEach(function (card) {
        if (q && card.getAttribute("data-search").indexOf(q) === -1) return;
        if (!passes(card, filters, filter)) return;
        var result = verdict(card, filter);
        if (result === "yes") kept += 1;
        else if (result === "unknown") unknown += 1;
      });
      out.textContent = say(words.keeps, { n: kept }) + " · " + say(filter.keep ? words.keptUnknown : words.setAside, { n: unknown });
    });
    shown.textContent = say(words.shown, { n: n, total: cards.length });
    order();
    writeUrl(filters, q);
  }

  function updateCompare() {
    var boxes = list.querySelectorAll("input[name=compare]");
    picked = Array.prototype.filter.call(boxes, function (box) { return box.checked; }).map(function (box) { return box.value; });
    bar.hidden = picked.length < 2;
    compareLink.textContent = say(words.compareCount, { n: Math.min(picked.length, 4) });
    compareLink.setAttribute("href", "compare.html?ids=" + picked.slice(0, 4).map(encodeURIComponent).join(","));
  }

  function writeUrl(filters, q) {
    var next = new URLSearchParams();
    var keep = [];
    filters.forEach(function (filter) {
      if (filter.values.length) next.set(filter.key, filter.values.join(","));
      if (filter.max !== null) next.set(filter.key, String(filter.max));
      if (filter.currency) next.set("cur", filter.currency);
      if (filter.keep) keep.push(filter.key);
    });
    if (keep.length) next.set("keep", keep.join(","));
    if (q) next.set("q", q);
    if (sort.value !== "researched") next.set("sort", sort.value);
    if (picked.length) next.set("compare", picked.join(","));
    var query = next.toString();
    history.replaceState(null, "", location.pathname + (query ? "?" + query : "") + location.hash);
  }

  Array.prototype.forEach.call(list.querySelectorAll("input[name=compare]"), function (box) {
    box.checked = picked.indexOf(box.value) !== -1;
    box.addEventListener("change", function () { updateCompare(); apply(); });
  });
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  form.addEventListener("change", apply);
  form.addEventListener("input", function (event) { if (event.target === search || event.target.type === "number") apply(); });
  sort.addEventListener("change", apply);
  document.getElementById("clear-filters").addEventListener("click", function () {
    Array.prototype.forEach.call(form.querySelectorAll("input"), function (input) { if (input.type === "checkbox") input.checked = false; else input.value = ""; });
    Array.prototype.forEach.call(form.querySelectorAll("select"), function (select) { select.value = ""; });
    apply();
  });
  updateCompare();
  apply();
})();
`;

/**
 * The comparison: reads each provider named in ?ids= from the API (the same files every host serves) and
 * writes every buyer question side by side, each answer with its status, both dates and its source.
 */
export const COMPARE_SCRIPT = `"use strict";
(function () {
  var out = document.getElementById("comparison");
  var data = document.getElementById("compare-data");
  if (!out || !data) return;
  var page = JSON.parse(data.textContent);
  var words = page.words;
  function say(template, values) { return template.replace(/\\{(\\w+)\\}/g, function (_, name) { return String(values[name]); }); }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    (children || []).forEach(function (child) { node.appendChild(typeof child === "string" ? document.createTextNode(child) : child); });
    return node;
  }
  var ids = (new URLSearchParams(location.search).get("ids") || "").split(",").map(function (id) { return id.trim(); }).filter(function (id) { return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(id); });
  ids = ids.filter(function (id, index) { return ids.indexOf(id) === index; });
  var note = document.getElementById("compare-note");
  if (ids.length < 2) { note.textContent = words.pickTwo; return; }
  if (ids.length > 4) { note.textContent = words.tooMany; ids = ids.slice(0, 4); }
  out.textContent = words.loading;
  Promise.all(ids.map(function (id) {
    return fetch(page.root + "api/data/" + id + "/index.json").then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.json();
    }).catch(function (error) { return { __failed: id, reason: error.message }; });
  })).then(function (records) {
    out.textContent = "";
    var failed = records.filter(function (record) { return record.__failed; });
    failed.forEach(function (record) { out.appendChild(el("p", { "class": "error" }, [say(words.failed, { id: record.__failed, reason: record.reason })])); });
    records = records.filter(function (record) { return !record.__failed; });
    if (records.length === 0) return;
    document.title = records.map(function (record) { return record.name; }).join(" · ") + " — " + document.title;
    var head = el("tr", {}, [el("th", { scope: "col" }, [page.labels.question])].concat(records.map(function (record) {
      return el("th", { scope: "col" }, [el("a", { href: page.prefix + "providers/" + record.id + ".html" }, [record.name]), el("br"), el("span", { "class": "muted" }, [page.categories[record.category] || record.category])]);
    })));
    var rows = page.questions.map(function (question) {
      return el("tr", {}, [el("th", { scope: "row" }, [question.label])].concat(records.map(function (record) { return el("td", {}, cell(record, question)); })));
    });
    var table = el("table", { "class": "compare", id: "compare-table" }, [el("caption", {}, [page.labels.caption]), el("thead", {}, [head]), el("tbody", {}, rows)]);
    out.appendChild(el("div", { "class": "scroll", tabindex: "0", role: "region", "aria-label": page.labels.caption }, [table]));
    out.appendChild(el("p", { "class": "citation" }, [page.labels.citation + " " + page.labels.printed + " " + location.href]));
  });

  function factAt(record, path) {
    var node = record;
    for (var i = 0; i < path.length; i++) { if (!node || typeof node !== "object") return null; node = node[path[i]]; }
    return node && typeof node === "object" && "status" in node ? node : null;
  }
  function hostOf(url) { try { return new URL(url).hostname.replace(/^www\\./, ""); } catch (error) { return null; } }
  function valueText(question, fact, record) {
    var value = fact.value;
    if (question.terms) {
      var tokens = Array.isArray(value) ? value : [value];
      return tokens.map(function (token) { return question.terms[token] || String(token); }).join(", ");
    }
    if (value === true) return page.labels.yes;
    if (value === false) return page.labels.no;
    if (question.kind === "days") return value === "until_deleted" ? page.labels.untilDeleted : String(value);
    if (question.kind === "number") {
      var currency = factAt(record, ["pricing", "currency"]);
      var model = factAt(record, ["pricing", "reference_model"]);
      return String(value) + (currency && currency.value ? " " + currency.value : "") + (model && model.value ? " (" + model.value + ")" : "");
    }
    if (Array.isArray(value)) {
      return value.map(function (item) {
        if (item && typeof item === "object") {
          if (item.country) return item.country + (item.city ? " (" + item.city + ")" : "");
          if ("jurisdiction" in item && "kind" in item) return item.name + " (" + (item.jurisdiction || page.labels.parentUnknown) + (item.seat ? ", " + page.labels.incorporatedIn + " " + item.seat : "") + (item.optional ? ", " + page.labels.ifChosen : "") + ")";
          if ("achieved" in item) return item.name + (item.achieved ? "" : " (" + page.labels.inProgress + ")");
          return item.name || JSON.stringify(item);
        }
        return String(item);
      }).join(", ") + (fact.partial === true ? " (" + page.labels.partial + ")" : "");
    }
    return String(value);
  }
  function cell(record, question) {
    var fact = factAt(record, question.path);
    if (!fact || fact.status === "unknown" || fact.value === null || fact.value === undefined) {
      var why = fact && fact.derived_from ? [el("br"), el("span", { "class": "muted small" }, [fact.note || ""])] : [];
      return [el("span", { "class": "muted" }, [fact && fact.status === "not_applicable" ? page.status.not_applicable : page.status.unknown])].concat(why);
    }
    var parts = [valueText(question, fact, record), " ", el("span", { "class": "badge badge-" + fact.status }, [page.status[fact.status] || fact.status])];
    if (typeof fact.display === "string") parts.push(el("br"), el("span", { "class": "small" }, ["“" + fact.display + "”"]));
    var dates = [];
    dates.push(fact.verified_at ? say(page.labels.verified, { date: fact.verified_at }) : (fact.derived_from ? say(page.labels.derived, { fields: fact.derived_from.join(", ") }) : page.labels.notVerified));
    if (!fact.derived_from) dates.push(fact.source_date ? say(page.labels.sourceDated, { date: fact.source_date }) : page.labels.undated);
    parts.push(el("br"), el("span", { "class": "muted small" }, [dates.join(", ")]));
    var host = typeof fact.source_url === "string" ? hostOf(fact.source_url) : null;
    if (host) parts.push(el("br"), el("a", { href: fact.source_url, rel: "nofollow noopener", "class": "small" }, [host]), el("span", { "class": "print-url small" }, [" " + fact.source_url]));
    return parts;
  }
})();
`;

/** The price page: sort a table by a column; every table holds one currency, so a sort never mixes two. */
export const PRICES_SCRIPT = `"use strict";
(function () {
  var filter = document.getElementById("model-filter");
  var tables = Array.prototype.slice.call(document.querySelectorAll("table.prices"));
  if (filter) {
    filter.hidden = false;
    var input = filter.querySelector("input");
    var q = new URLSearchParams(location.search).get("model");
    if (q) input.value = q;
    function apply() {
      var text = input.value.trim().toLowerCase();
      tables.forEach(function (table) {
        Array.prototype.forEach.call(table.tBodies[0].rows, function (row) { row.hidden = text !== "" && row.getAttribute("data-model").indexOf(text) === -1; });
      });
      var next = new URLSearchParams(location.search);
      if (text) next.set("model", text); else next.delete("model");
      var query = next.toString();
      history.replaceState(null, "", location.pathname + (query ? "?" + query : "") + location.hash);
    }
    input.addEventListener("input", apply);
    apply();
  }
  tables.forEach(function (table) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, index) {
      if (!th.hasAttribute("data-sortable")) return;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sort";
      button.textContent = th.textContent;
      th.textContent = "";
      th.appendChild(button);
      button.addEventListener("click", function () {
        var ascending = th.getAttribute("aria-sort") !== "ascending";
        Array.prototype.forEach.call(table.tHead.rows[0].cells, function (other) { other.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        var body = table.tBodies[0];
        Array.prototype.slice.call(body.rows).sort(function (a, b) {
          var x = a.cells[index].getAttribute("data-sort"), y = b.cells[index].getAttribute("data-sort");
          if (x === "" || y === "") return x === y ? 0 : x === "" ? 1 : -1;
          var order = !isNaN(Number(x)) && !isNaN(Number(y)) ? Number(x) - Number(y) : x.localeCompare(y);
          return ascending ? order : -order;
        }).forEach(function (row) { body.appendChild(row); });
      });
    });
  });
})();
`;
