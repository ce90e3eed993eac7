import "server-only";
import type { Principal } from "../../data/principal";
import { listFunds } from "../../data/funds";
import { csvColumns } from "../../csv/columns";
import { type ExportFormat, rowsBody } from "../../csv/export-format";
import { contentDisposition, today } from "../../csv/filename";
import { beforeFirstRow, exportHooks, exportResponse } from "../../csv/server/export-response";
import { applyView } from "../../table/view";
import { fundFieldColumns, fundGridColumns } from "../columns";
import type { fundsCsvParsers } from "../search-params";
import { fundViewOptions } from "../view-options";
import type { inferParserType } from "nuqs";
import type { ReconciliationSummary } from "../../reconciliation/types";

/** The funds of the grid's view, or every fund with `all`; every field of the spec, by path; as CSV or xlsx. */
export async function fundsExport(
  request: Request,
  params: inferParserType<typeof fundsCsvParsers>,
  principal: Principal,
  format: ExportFormat,
  // The grid's reconciliation lines, from their feature (a feature never reads another's server folder).
  reconciliationLines: () => Promise<{ funds: Record<string, ReconciliationSummary> }>,
): Promise<Response> {
  const suffix = `-${today()}${format.extension}`;
  const hooks = await exportHooks(request, params.sensitive, `funds${suffix}`, null, principal);
  const [funds, summaries] = await beforeFirstRow(
    hooks,
    Promise.all([
      listFunds(principal, { sensitive: params.sensitive }),
      params.reconciliation.length > 0 ? reconciliationLines() : null,
    ]),
  );
  // The grid's view, its reconciliation lines included, so the file is what the grid shows.
  const withLines = funds.map((fund) => ({ ...fund, reconciliation: summaries?.funds[fund.id] }));
  const view = { sort: params.sort, q: params.q, reconciliation: params.reconciliation };
  const rows = params.all ? withLines : applyView(withLines, fundGridColumns, fundViewOptions(view));
  const options = { bom: params.bom, sheet: "Funds", ...hooks };
  const body = rowsBody(format, rows, csvColumns(fundFieldColumns), options);
  return exportResponse(format, body, contentDisposition("funds", suffix));
}
