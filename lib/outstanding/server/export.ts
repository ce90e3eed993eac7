import "server-only";
import { csvColumns } from "../../csv/columns";
import { batchesBody, type ExportFormat } from "../../csv/export-format";
import { contentDisposition, today } from "../../csv/filename";
import { exportHooks, exportResponse } from "../../csv/server/export-response";
import type { Principal } from "../../data/principal";
import { incompleteExport, missingFunds, partialHeaders } from "../../organization/server/failures";
import type { OutstandingRow } from "../types";
import { outstandingColumns } from "../columns";
import type { OutstandingView } from "../search-params";
import { outstandingRows } from "./reads";

const columns = csvColumns<OutstandingRow>([
  { id: "fund.id", header: "Fund id", kind: "text", value: (row) => row.fund.id },
  { id: "investorId", header: "Investor id", kind: "text", value: (row) => row.investorId },
  ...outstandingColumns,
  { id: "followUp.state", header: "Follow-up", kind: "text", value: (row) => row.followUp?.state },
  { id: "followUp.due", header: "Follow-up due", kind: "date", value: (row) => row.followUp?.due },
  { id: "followUp.assignee", header: "Follow-up assignee", kind: "text", value: (row) => row.followUp?.assignee },
]);

/**
 * The view's rows as CSV or xlsx, streamed from the store; if funds it covers could not be read the answer says so
 * (409), or `partial` names them.
 */
export async function outstandingExport(
  request: Request,
  params: OutstandingView & { bom: boolean; partial: boolean },
  principal: Principal,
  format: ExportFormat,
) {
  const { organization, fundKey, rows } = await outstandingRows(principal, params);
  // One fund's view misses only that fund: another fund's failed read leaves its file whole.
  const missing = await missingFunds(organization, fundKey);
  if (missing.count > 0 && !params.partial) {
    await rows.return(undefined);
    return incompleteExport(missing);
  }
  const hooks = await exportHooks(request, false, `outstanding-${today()}${format.extension}`, null, principal);
  const body = batchesBody(format, rows, columns, { bom: params.bom, sheet: "Capital outstanding", ...hooks });
  const suffix = `-${today()}${missing.count > 0 ? "-partial" : ""}${format.extension}`;
  return exportResponse(format, body, contentDisposition("outstanding", suffix), partialHeaders(missing));
}
