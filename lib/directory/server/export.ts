import "server-only";
import { csvColumns } from "../../csv/columns";
import { type ExportFormat, rowsBody } from "../../csv/export-format";
import { contentDisposition, today } from "../../csv/filename";
import { exportHooks, exportResponse } from "../../csv/server/export-response";
import type { Principal } from "../../data/principal";
import { directoryColumns } from "../columns";
import type { DirectoryView } from "../search-params";
import type { DirectoryRow } from "../types";
import { directorySnapshot } from "./directory";
import { incompleteExport, missingFunds, partialHeaders } from "../../fund-reads/server/failures";

// The key first (it opens the investor's page), then the columns as the page shows them.
const columns = csvColumns<DirectoryRow>([
  { id: "key", header: "Key", kind: "text", value: (row) => row.key },
  ...directoryColumns,
]);

/**
 * The directory's view as CSV or xlsx, one row per investor. A directory missing funds (failed, or not read yet) answers 409
 * naming them, or with `partial` a file named `…-partial.csv` without them (X-Missing-Funds).
 */
export async function directoryExport(
  request: Request,
  params: DirectoryView & { partial: boolean; bom: boolean },
  principal: Principal,
  format: ExportFormat,
): Promise<Response> {
  const snapshot = await directorySnapshot(principal);
  const missing = missingFunds(snapshot);
  if (missing.length > 0 && !params.partial) return incompleteExport(missing);
  const hooks = await exportHooks(request, false, `investors-${today()}${format.extension}`, null, principal);
  const rows = await snapshot.index.rowsOf({ sort: params.sort, q: params.q, type: params.type });
  const body = rowsBody(format, rows, columns, { bom: params.bom, sheet: "Investor directory", ...hooks });
  const suffix = `-${today()}${missing.length > 0 ? "-partial" : ""}${format.extension}`;
  return exportResponse(format, body, contentDisposition("investors", suffix), partialHeaders(missing));
}
