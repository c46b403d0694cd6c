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
a:focus,select:focus,input:focus,button:focus,.scroll:focus,summary:focus{outline:3px solid #1f6feb;outline-offset:2px}
.badge{display:inline-block;border-radius:.25rem;padding:0 .4rem;font-size:.85rem;border:1px solid currentColor;white-space:nowrap}
.badge-confirmed{color:var(--ok)}.badge-claimed{color:var(--own)}.badge-planned{color:var(--plan)}.badge-unknown,.badge-not_applicable,.badge-other{color:var(--unk)}
.contested{border:2px solid var(--own);padding:.5rem 1rem;margin:1rem 0}dl.summary{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
details.cite summary{cursor:pointer;color:var(--muted);font-size:.85rem}details.cite p{font-size:.85rem;user-select:all;margin:.25rem 0}a.anchor{color:inherit;text-decoration:none}a.anchor:hover,a.anchor:focus{text-decoration:underline}
@media (max-width:48rem){body{padding:0 .75rem}h1{font-size:1.6rem;margin:.6rem 0}dl.summary,dl.seal{grid-template-columns:1fr}
table.pack thead,table.sov-table thead{position:absolute;left:-9999px}table.pack,table.pack tbody,table.pack tr,table.pack th,table.pack td,table.sov-table,table.sov-table tbody,table.sov-table tr,table.sov-table th,table.sov-table td{display:block;width:100%!important}table.pack th,table.sov-table th{border:0;padding-bottom:0}dd{margin-bottom:.5rem}
table.facts thead{position:absolute;left:-9999px}table.facts,table.facts tbody,table.facts tr,table.facts th,table.facts td{display:block;width:100%}
table.facts tr{border-bottom:1px solid var(--line);padding:.5rem 0}table.facts th,table.facts td{border:0;padding:.1rem 0}
table.facts td[data-label]::before{content:attr(data-label) ": ";font-weight:600}table.facts td[data-note]:empty{display:none}}
.browse{display:block}.results-head{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:baseline}.results-head h2{margin:.5rem 0}
.jump{font-size:.9rem}label.sort{margin-left:auto;font-weight:400}ol.cards{list-style:none;padding:0;margin:0}
.card{border:1px solid var(--line);border-radius:.4rem;padding:.5rem .75rem;margin:0 0 .75rem}.card h3{margin:0;font-size:1.1rem}
.card-head{display:flex;justify-content:space-between;gap:.5rem;align-items:baseline}.card .meta{margin:.15rem 0 .4rem;color:var(--muted);font-size:.9rem}
label.pick{font-weight:400;white-space:nowrap;font-size:.9rem}dl.answers{display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:.25rem 1rem;margin:0}
dl.answers div{min-width:0}dl.answers dt{font-size:.8rem;color:var(--muted);font-weight:600}dl.answers dd{margin:0}a.src,.small{font-size:.8rem}a.src{color:var(--muted)}
.filters-panel fieldset{border:1px solid var(--line);border-radius:.4rem;margin:0 0 .6rem;padding:.4rem .6rem;min-width:0}.filters-panel legend{font-weight:600;padding:0 .25rem}
.filters-panel .options{display:flex;flex-wrap:wrap;gap:.1rem .9rem}.filters-panel label{font-weight:400}.filters-panel label.keep{display:block;font-size:.85rem;color:var(--muted);margin-top:.2rem}
.filters-panel .count{display:block;font-size:.85rem;color:var(--muted)}.filters-panel label.search{display:block;margin:.5rem 0}#clear-filters{font:inherit}
.compare-bar{position:sticky;bottom:0;background:var(--bg);border-top:1px solid var(--line);padding:.5rem 0;text-align:center}.compare-bar a{font-weight:600}
table.compare{table-layout:auto;min-width:40rem}table.compare td{min-width:13rem;overflow-wrap:break-word}table.compare thead th{overflow-wrap:break-word}
table.compare th[scope=row],table.compare th[scope=rowgroup]{position:sticky;left:0;z-index:1;background:var(--bg);min-width:8.5rem;max-width:12rem;overflow-wrap:normal;word-break:normal;hyphens:manual;box-shadow:1px 0 0 var(--line)}
table.compare tr.group th{text-align:left;padding-top:1rem}.compare-scroll{border:1px solid var(--line);border-radius:.25rem}
blockquote.quote{margin:.3rem 0 0;padding:.15rem .5rem;border-left:3px solid var(--line);font-size:.85rem}blockquote.quote q{font-style:italic}.quote-label,.locator{color:var(--muted)}
a.correct{font-size:.8rem;color:var(--muted)}.report{display:block}.kind{font-size:.8rem;color:var(--muted)}.deciding{font-weight:600}.validity,.dates{font-size:.85rem;color:var(--muted)}
.legend dl{display:grid;grid-template-columns:repeat(auto-fill,minmax(18rem,1fr));gap:.25rem 1rem}.legend dl div{display:flex;gap:.5rem;align-items:baseline}.legend dd{font-size:.9rem}
.active-filters{background:var(--bg);border:1px solid var(--line);border-radius:.4rem;padding:.3rem .6rem}button.link{font:inherit;background:none;border:0;padding:0;color:#1f4fa3;text-decoration:underline;cursor:pointer}
dl.seal{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.25rem 1rem}table.pack th[scope=row]{width:14rem}.sov-table th[scope=row]{width:14rem}
.print-only{display:none}
table.facts{table-layout:fixed}table.facts th,table.facts td{overflow-wrap:anywhere}table.facts thead th:nth-child(1){width:16%}table.facts thead th:nth-child(2){width:22%}table.facts thead th:nth-child(3){width:10%}table.facts thead th:nth-child(4),table.facts thead th:nth-child(5){width:14%}
.print-url{display:none}.display{color:var(--muted);font-size:.9rem}ul.columns{columns:16rem}.error{color:#b3261e}
@media (min-width:64rem){.browse{display:grid;grid-template-columns:19rem minmax(0,1fr);gap:1.5rem;align-items:start}.filters-panel{grid-column:1;grid-row:1;position:sticky;top:0;max-height:100vh;overflow-y:auto}#results{grid-column:2;grid-row:1}.jump{display:none}}
@media print{@page{size:A4 landscape;margin:10mm}body{max-width:none;padding:0;font-size:9pt}header,footer,.skip,#compare-note,noscript,.lang-switch,details.cite,.screen-only,a.correct,#downloads,.filters-panel{display:none}.print-only{display:block}
.scroll{overflow:visible}.compare-scroll{border:0}table.compare{table-layout:fixed;min-width:0;width:100%;font-size:8pt}table.compare td{min-width:0}table.compare .small,table.compare .badge,table.compare .muted,table.compare .dates,table.compare .validity,table.compare .kind,table.compare .print-url,table.compare blockquote{font-size:7pt}table.compare td,table.compare th{padding:.15rem .3rem}table.compare a.src{display:none}table.compare th[scope=row]{position:static;width:8rem;box-shadow:none}
.print-url{display:inline;word-break:break-all}tr{break-inside:avoid}a{color:inherit}.legend{break-inside:avoid}.legend dl{grid-template-columns:repeat(3,1fr)}.annex-meta{font-size:8pt}}
a.lang-switch{float:right}
@media (prefers-color-scheme:dark){:root{--bg:#111;--muted:#a0a6ad;--line:#3a3f45;--ok:#5fd38b;--own:#f0b54a;--plan:#8ab4ff}body{background:var(--bg);color:#eee}a{color:#8ab4ff}}
`;

export const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1f4fa3"/><path d="M4 8.5l2.5 2.5L12 5" stroke="#fff" stroke-width="2" fill="none"/></svg>\n`;
