// The peer page: AG Grid Community's own browser bundle showing a fund's investors like our fund page does.

/**
 * Runs in the page (serialized into it): the columns our investor table shows by default
 * (lib/investors/columns.ts, defaultVisible), a quick-filter box and an "N of M investors" count.
 */
function mountGrid() {
  const { createGrid } = window.agGrid; // The UMD bundle registers AllCommunityModule itself (main-umd-styles).
  const money = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 10 });
  const day = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", year: "numeric", month: "short", day: "numeric" });
  const number = (value) => (value === null || value === undefined || value === "" ? NaN : Number(value));
  // The amounts are decimal strings: compare them as numbers; empty values last either way, as our table sorts.
  const numeric = (a, b, nodeA, nodeB, descending) => {
    const [x, y] = [number(a), number(b)];
    if (Number.isNaN(x) || Number.isNaN(y)) return (Number.isNaN(x) - Number.isNaN(y)) * (descending ? -1 : 1);
    return x - y;
  };
  const text = (value) => (typeof value === "string" ? value.trim() : "");
  // A value that is not a number shows as it came, as our table shows it.
  const numberShown =
    (format) =>
    ({ value }) =>
      Number.isNaN(number(value)) ? (value ?? "") : format(value);
  const amount = (field, headerName, format = (value) => money.format(value)) => ({
    field,
    headerName,
    comparator: numeric,
    type: "rightAligned",
    valueFormatter: numberShown(format),
  });
  const date = (field, headerName) => ({
    field,
    headerName,
    valueFormatter: ({ value }) => (Number.isNaN(Date.parse(value)) ? (value ?? "") : day.format(new Date(value))),
  });
  const columnDefs = [
    {
      colId: "name",
      headerName: "Investor",
      valueGetter: ({ data }) =>
        text(data.investment_account?.display_name) ||
        text(data.investment_account?.legal_name) ||
        text(data.primary_contact?.full_name) ||
        data.id,
    },
    { field: "investment_account.investor_type", headerName: "Type" },
    { field: "primary_contact.email", headerName: "Email" },
    amount("commitment_amount", "Commitment"),
    amount("contributed_amount", "Contributed"),
    amount("unfunded_commitment_amount", "Unfunded"),
    amount("total_capital_due", "Total capital due"),
    amount("ownership_percent", "Ownership %", (value) => `${value}%`),
    date("date_invited", "Invited"),
    date("contributed_at", "Contributed at"),
  ];
  const count = document.getElementById("count");
  const showCount = (grid) => {
    const total = grid.getGridOption("rowData")?.length ?? 0;
    count.textContent = `${grid.getDisplayedRowCount().toLocaleString("en-US")} of ${total.toLocaleString("en-US")} investors`;
  };
  const api = createGrid(document.getElementById("grid"), {
    columnDefs,
    defaultColDef: { sortable: true, resizable: true },
    getRowId: ({ data }) => data.id,
    // Our table does not animate either; with animation the re-sorted rows would still be moving when "painted".
    animateRows: false,
    onModelUpdated: ({ api: grid }) => showCount(grid),
  });
  // The grid filters and redraws within setGridOption; its modelUpdated event comes a task later, so count here too.
  document.getElementById("search").addEventListener("input", (event) => {
    api.setGridOption("quickFilterText", event.target.value);
    showCount(api);
  });
  window.__investors.then(
    (rows) => api.setGridOption("rowData", rows),
    (error) => (count.textContent = `failed: ${error.message}`),
  );
}

/** The HTML of /funds/{fundId}: the data request starts before the 2 MB bundle is parsed, as a careful app would. */
export function gridPageHtml(fundId) {
  const dataUrl = JSON.stringify(`/data/${encodeURIComponent(fundId)}.json`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Investors — AG Grid Community</title>
<style>
  body { margin: 0; font: 14px system-ui, sans-serif; }
  header { display: flex; gap: 16px; align-items: center; padding: 16px 24px; height: 40px; }
  #grid { height: calc(100vh - 104px); margin: 0 24px 24px; }
</style>
<script>window.__investors = fetch(${dataUrl}).then((res) => { if (!res.ok) throw new Error(res.status); return res.json(); });</script>
</head>
<body>
<header>
  <input id="search" type="search" aria-label="Search investors" placeholder="Search investors">
  <p id="count"></p>
</header>
<div id="grid"></div>
<script src="/ag-grid-community.min.js"></script>
<script>(${mountGrid.toString()})();</script>
</body>
</html>
`;
}
