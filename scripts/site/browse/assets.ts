export const STYLESHEET = `:root{color-scheme:light dark;--bg:#fff;--muted:#5f6368;--line:#d0d4d9;--ok:#0b6b2f;--own:#8a5a00;--plan:#1f4fa3;--unk:#5f6368}
*{box-sizing:border-box}body{overflow-wrap:break-word;font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:78rem;padding:0 1rem}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem}
header nav{padding:.75rem 0;border-bottom:1px solid var(--line)}footer{margin:2rem 0;color:var(--muted);font-size:.9rem}
table{border-collapse:collapse;width:100%;margin:1rem 0}th,td{border-bottom:1px solid var(--line);padding:.35rem .5rem;text-align:left;vertical-align:top}
td{overflow-wrap:break-word}.scroll{overflow-x:auto;max-width:100%}.scroll>table{margin:0}caption{text-align:left;color:var(--muted);padding:.25rem 0}.num{text-align:right;font-variant-numeric:tabular-nums}
.muted{color:var(--muted)}.filters{display:flex;flex-wrap:wrap;gap:1rem;align-items:end}.filters div{display:flex;flex-direction:column}
label{font-weight:600}select,input{font:inherit;padding:.25rem}button.sort{font:inherit;font-weight:600;background:none;border:0;padding:0;cursor:pointer;text-align:left;color:inherit}
th[aria-sort=ascending] button.sort::after{content:" ▲"}th[aria-sort=descending] button.sort::after{content:" ▼"}.partial{font-style:italic}
#providers th:first-child{position:sticky;left:0;z-index:1;background:var(--bg);min-width:8rem;box-shadow:1px 0 0 var(--line)}
a:focus,select:focus,input:focus{outline:3px solid #1f6feb;outline-offset:2px}
.badge{display:inline-block;border-radius:.25rem;padding:0 .4rem;font-size:.85rem;border:1px solid currentColor;white-space:nowrap}
.badge-confirmed{color:var(--ok)}.badge-claimed{color:var(--own)}.badge-planned{color:var(--plan)}.badge-unknown,.badge-not_applicable,.badge-other{color:var(--unk)}
.contested{border:2px solid var(--own);padding:.5rem 1rem;margin:1rem 0}dl.summary{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
details.cite summary{cursor:pointer;color:var(--muted);font-size:.85rem}details.cite p{font-size:.85rem;user-select:all;margin:.25rem 0}a.anchor{color:inherit;text-decoration:none}a.anchor:hover,a.anchor:focus{text-decoration:underline}
@media (max-width:48rem){body{padding:0 .75rem}dl.summary{grid-template-columns:1fr}dd{margin-bottom:.5rem}
table.facts thead{position:absolute;left:-9999px}table.facts,table.facts tbody,table.facts tr,table.facts th,table.facts td{display:block;width:100%}
table.facts tr{border-bottom:1px solid var(--line);padding:.5rem 0}table.facts th,table.facts td{border:0;padding:.1rem 0}
table.facts td[data-label]::before{content:attr(data-label) ": ";font-weight:600}table.facts td[data-label=Note]:empty{display:none}}
@media (prefers-color-scheme:dark){:root{--bg:#111;--muted:#a0a6ad;--line:#3a3f45;--ok:#5fd38b;--own:#f0b54a;--plan:#8ab4ff}body{background:var(--bg);color:#eee}a{color:#8ab4ff}}
`;

/**
 * Filters and sorts the index table; the filters and the sort order live in the URL (`sort=price`, or
 * `sort=-price` for descending) so a view can be shared. The page works in full without it.
 */
export const BROWSE_SCRIPT = `"use strict";
(function () {
  var form = document.getElementById("filters");
  var table = document.getElementById("providers");
  if (!form || !table) return;
  form.hidden = false;
  var fields = {
    category: document.getElementById("filter-category"),
    country: document.getElementById("filter-country"),
    dc: document.getElementById("filter-dc"),
    known: document.getElementById("filter-known"),
    q: document.getElementById("filter-text")
  };
  var names = Object.keys(fields);
  var shown = document.getElementById("shown");
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var params = new URLSearchParams(location.search);
  names.forEach(function (name) {
    var value = params.get(name);
    if (value === null) return;
    var el = fields[name];
    if (el.tagName === "SELECT" && !Array.prototype.some.call(el.options, function (o) { return o.value === value; })) return;
    el.value = value;
  });
  function words(text) { return text ? text.split(" ") : []; }
  function apply() {
    var v = {};
    names.forEach(function (name) { v[name] = fields[name].value.trim(); });
    var q = v.q.toLowerCase(), n = 0;
    rows.forEach(function (row) {
      var d = row.dataset;
      var match = (!v.category || d.category === v.category) && (!v.country || d.country === v.country) &&
        (!v.dc || words(d.dc).indexOf(v.dc) !== -1) && (!v.known || words(d.known).indexOf(v.known) !== -1) &&
        (!q || d.search.indexOf(q) !== -1);
      row.hidden = !match;
      if (match) n += 1;
    });
    shown.textContent = n + " of " + rows.length + " providers shown.";
    writeUrl();
  }
  var sorted = null;
  function writeUrl() {
    var next = new URLSearchParams();
    names.forEach(function (name) { var value = fields[name].value.trim(); if (value) next.set(name, value); });
    if (sorted) next.set("sort", (sorted.ascending ? "" : "-") + sorted.key);
    var query = next.toString();
    history.replaceState(null, "", location.pathname + (query ? "?" + query : "") + location.hash);
  }
  function key(row, index) {
    var cell = row.cells[index];
    var raw = cell.hasAttribute("data-sort") ? cell.getAttribute("data-sort") : cell.textContent.trim();
    return raw;
  }
  function sortBy(index, header, ascending) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th) { th.removeAttribute("aria-sort"); });
    header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    rows.slice().sort(function (a, b) {
      var x = key(a, index), y = key(b, index);
      if (x === "" || y === "") return x === y ? 0 : x === "" ? 1 : -1;
      var nx = Number(x), ny = Number(y);
      var order = !isNaN(nx) && !isNaN(ny) ? nx - ny : x.localeCompare(y);
      return ascending ? order : -order;
    }).forEach(function (row) { body.appendChild(row); });
    sorted = { key: header.getAttribute("data-key"), ascending: ascending };
  }
  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, index) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "sort";
    button.textContent = th.textContent;
    button.addEventListener("click", function () {
      sortBy(index, th, th.getAttribute("aria-sort") !== "ascending");
      writeUrl();
    });
    th.textContent = "";
    th.appendChild(button);
  });
  var wanted = params.get("sort");
  if (wanted) {
    var descending = wanted.charAt(0) === "-";
    var wantedKey = descending ? wanted.slice(1) : wanted;
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, index) {
      if (th.getAttribute("data-key") === wantedKey) sortBy(index, th, !descending);
    });
  }
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  names.forEach(function (name) { fields[name].addEventListener(name === "q" ? "input" : "change", apply); });
  apply();
})();
`;

export const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1f4fa3"/><path d="M4 8.5l2.5 2.5L12 5" stroke="#fff" stroke-width="2" fill="none"/></svg>\n`;
