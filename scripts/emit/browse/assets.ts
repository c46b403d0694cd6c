export const STYLESHEET = `:root{color-scheme:light dark;--muted:#5f6368;--line:#d0d4d9;--ok:#0b6b2f;--own:#8a5a00;--plan:#1f4fa3;--unk:#5f6368}
*{box-sizing:border-box}body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:78rem;padding:0 1rem}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem}
header nav{padding:.75rem 0;border-bottom:1px solid var(--line)}footer{margin:2rem 0;color:var(--muted);font-size:.9rem}
table{border-collapse:collapse;width:100%;margin:1rem 0}th,td{border-bottom:1px solid var(--line);padding:.35rem .5rem;text-align:left;vertical-align:top}
td{overflow-wrap:anywhere}caption{text-align:left;color:var(--muted);padding:.25rem 0}.num{text-align:right;font-variant-numeric:tabular-nums}
.muted{color:var(--muted)}.filters{display:flex;flex-wrap:wrap;gap:1rem;align-items:end}.filters div{display:flex;flex-direction:column}
label{font-weight:600}select,input{font:inherit;padding:.25rem}
a:focus,select:focus,input:focus{outline:3px solid #1f6feb;outline-offset:2px}
.badge{display:inline-block;border-radius:.25rem;padding:0 .4rem;font-size:.85rem;border:1px solid currentColor;white-space:nowrap}
.badge-confirmed{color:var(--ok)}.badge-claimed{color:var(--own)}.badge-planned{color:var(--plan)}.badge-unknown,.badge-not_applicable,.badge-other{color:var(--unk)}
.contested{border:2px solid var(--own);padding:.5rem 1rem;margin:1rem 0}dl.summary{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
@media (prefers-color-scheme:dark){:root{--muted:#a0a6ad;--line:#3a3f45;--ok:#5fd38b;--own:#f0b54a;--plan:#8ab4ff}body{background:#111;color:#eee}a{color:#8ab4ff}}
`;

/** Filters the index table by category, country and text; the page works in full without it. */
export const BROWSE_SCRIPT = `"use strict";
(function () {
  var form = document.getElementById("filters");
  var table = document.getElementById("providers");
  if (!form || !table) return;
  form.hidden = false;
  var category = document.getElementById("filter-category");
  var country = document.getElementById("filter-country");
  var text = document.getElementById("filter-text");
  var shown = document.getElementById("shown");
  var rows = Array.prototype.slice.call(table.tBodies[0].rows);
  function apply() {
    var c = category.value, k = country.value, q = text.value.trim().toLowerCase(), n = 0;
    rows.forEach(function (row) {
      var match = (!c || row.dataset.category === c) && (!k || row.dataset.country === k) && (!q || row.dataset.search.indexOf(q) !== -1);
      row.hidden = !match;
      if (match) n += 1;
    });
    shown.textContent = n + " of " + rows.length + " providers shown.";
  }
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  [category, country].forEach(function (el) { el.addEventListener("change", apply); });
  text.addEventListener("input", apply);
})();
`;

export const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1f4fa3"/><path d="M4 8.5l2.5 2.5L12 5" stroke="#fff" stroke-width="2" fill="none"/></svg>\n`;
