/** The price page: filter by model name, and sort a table by a column; every table holds one currency, so a sort never mixes two. */
const filter = document.getElementById("model-filter") as HTMLFormElement | null;
const tables = [...document.querySelectorAll<HTMLTableElement>("table.prices")];

if (filter) {
  filter.hidden = false;
  const input = filter.querySelector("input")!;
  const q = new URLSearchParams(location.search).get("model");
  if (q) input.value = q;
  const apply = () => {
    const text = input.value.trim().toLowerCase();
    for (const table of tables) for (const row of table.tBodies[0]!.rows) row.hidden = text !== "" && !(row.getAttribute("data-model") ?? "").includes(text);
    const next = new URLSearchParams(location.search);
    if (text) next.set("model", text);
    else next.delete("model");
    const query = next.toString();
    history.replaceState(null, "", location.pathname + (query ? `?${query}` : "") + location.hash);
  };
  filter.addEventListener("submit", (event) => event.preventDefault());
  input.addEventListener("input", apply);
  apply();
}

for (const table of tables) {
  const headings = [...table.tHead!.rows[0]!.cells];
  headings.forEach((th, index) => {
    if (!th.hasAttribute("data-sortable")) return;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "sort";
    button.textContent = th.textContent;
    th.textContent = "";
    th.appendChild(button);
    button.addEventListener("click", () => {
      const ascending = th.getAttribute("aria-sort") !== "ascending";
      for (const other of headings) other.removeAttribute("aria-sort");
      th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      const body = table.tBodies[0]!;
      const rows = [...body.rows].sort((a, b) => {
        const x = a.cells[index]!.getAttribute("data-sort") ?? "";
        const y = b.cells[index]!.getAttribute("data-sort") ?? "";
        if (x === "" || y === "") return x === y ? 0 : x === "" ? 1 : -1;
        const order = !Number.isNaN(Number(x)) && !Number.isNaN(Number(y)) ? Number(x) - Number(y) : x.localeCompare(y);
        return ascending ? order : -order;
      });
      for (const row of rows) body.appendChild(row);
    });
  });
}
