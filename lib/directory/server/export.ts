import "server-only";
import { csvColumns } from "../../csv/columns";
import { contentDisposition, today } from "../../csv/filename";
import { csvResponse, exportHooks } from "../../csv/server/export-response";
import { csvStream, inBatches } from "../../csv/stream";
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
 * The directory's view as CSV, one row per investor. A directory missing funds (failed, or not read yet) answers 409
 * naming them, or with `partial` a file named `…-partial.csv` without them (X-Missing-Funds).
 */
export async function directoryCsv(
  request: Request,
  params: DirectoryView & { partial: boolean; bom: boolean },
  principal: Principal,
): Promise<Response> {
  const snapshot = await directorySnapshot();
  const missing = missingFunds(snapshot);
  if (missing.length > 0 && !params.partial) return incompleteExport(missing);
  const hooks = await exportHooks(request, false, `investors-${today()}.csv`, null, principal);
  const rows = await snapshot.index.rowsOf({ sort: params.sort, q: params.q, type: params.type });
  const body = csvStream(inBatches(rows), columns, { bom: params.bom, ...hooks });
  const suffix = `-${today()}${missing.length > 0 ? "-partial" : ""}.csv`;
  return csvResponse(body, contentDisposition("investors", suffix), partialHeaders(missing));
}
