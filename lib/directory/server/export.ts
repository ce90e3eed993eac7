import "server-only";
import { csvColumns } from "../../csv/columns";
import { batchesBody, type ExportFormat } from "../../csv/export-format";
import { contentDisposition, today } from "../../csv/filename";
import { exportHooks, exportResponse } from "../../csv/server/export-response";
import type { Principal } from "../../data/principal";
import { incompleteExport, missingFunds, partialHeaders } from "../../organization/server/failures";
import { organizationState } from "../../organization/server/state";
import { investorBatches } from "../../store/server";
import { directoryColumns } from "../columns";
import { checkTypes } from "./reads";
import type { DirectoryView } from "../search-params";
import type { DirectoryRow } from "../types";

// The key first (it opens the investor's page), then the columns as the page shows them.
const columns = csvColumns<DirectoryRow>([
  { id: "key", header: "Key", kind: "text", value: (row) => row.key },
  ...directoryColumns,
]);

/**
 * The directory's view as CSV or xlsx, one row per investor, streamed from the store a batch at a time. A directory
 * missing funds (failed, or not read yet) answers 409 naming them, or with `partial` a file named `…-partial.csv`
 * without them (X-Missing-Funds).
 */
export async function directoryExport(
  request: Request,
  params: DirectoryView & { partial: boolean; bom: boolean },
  principal: Principal,
  format: ExportFormat,
): Promise<Response> {
  await checkTypes(params.type);
  const organization = await organizationState(principal);
  const missing = await missingFunds(organization);
  if (missing.count > 0 && !params.partial) return incompleteExport(missing);
  const hooks = await exportHooks(request, false, `investors-${today()}${format.extension}`, null, principal);
  const batches = investorBatches({
    scope: organization.scope,
    everything: organization.state.everything,
    sort: params.sort,
    filter: { q: params.q, types: params.type },
  });
  const body = batchesBody(format, batches, columns, { bom: params.bom, sheet: "Investor directory", ...hooks });
  const suffix = `-${today()}${missing.count > 0 ? "-partial" : ""}${format.extension}`;
  return exportResponse(format, body, contentDisposition("investors", suffix), partialHeaders(missing));
}
