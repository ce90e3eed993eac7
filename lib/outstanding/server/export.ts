import "server-only";
import { csvColumns } from "../../csv/columns";
import { contentDisposition, today } from "../../csv/filename";
import { csvResponse, exportHooks } from "../../csv/server/export-response";
import { csvStream, inBatches } from "../../csv/stream";
import type { Principal } from "../../data/principal";
import { incompleteExport, missingFunds, partialHeaders } from "../../fund-reads/server/failures";
import type { OutstandingRow } from "../types";
import { outstandingColumns } from "../columns";
import type { OutstandingView } from "../search-params";
import { outstandingRows } from "./reads";

const columns = csvColumns<OutstandingRow>([
  { id: "fund.id", header: "Fund id", kind: "text", value: (row) => row.fund.id },
  { id: "investorId", header: "Investor id", kind: "text", value: (row) => row.investorId },
  ...outstandingColumns,
]);

/** The view's rows as CSV; if funds could not be read the answer says so (409), or `partial` names them. */
export async function outstandingCsv(
  request: Request,
  params: OutstandingView & { bom: boolean; partial: boolean },
  principal: Principal,
) {
  const { rows, snapshot } = await outstandingRows(principal, params);
  const missing = missingFunds(snapshot);
  if (missing.length > 0 && !params.partial) return incompleteExport(missing);
  const hooks = await exportHooks(request, false, `outstanding-${today()}.csv`, null, principal);
  const body = csvStream(inBatches(rows), columns, { bom: params.bom, ...hooks });
  const suffix = `-${today()}${missing.length > 0 ? "-partial" : ""}.csv`;
  return csvResponse(body, contentDisposition("outstanding", suffix), partialHeaders(missing));
}
