import "server-only";
import { contentDisposition, today } from "../../csv/filename";
import { csvResponse, exportHooks } from "../../csv/server/export-response";
import { csvStream, inBatches } from "../../csv/stream";
import type { Principal } from "../../data/principal";
import { changeCsvColumns, changeRows } from "../columns";
import type { ChangesView } from "../search-params";
import { organizationChanges } from "./changes";

/** The view's changes as CSV, one row per changed field, newest day first; masked values never written. */
export async function changesCsv(request: Request, params: ChangesView & { bom: boolean }, principal: Principal) {
  const changes = await organizationChanges(principal, params);
  const rows = changes.days.flatMap((day) => day.funds.flatMap(changeRows));
  const hooks = await exportHooks(request, false, `changes-${today()}.csv`, null, principal);
  const body = csvStream(inBatches(rows), changeCsvColumns, { bom: params.bom, ...hooks });
  return csvResponse(body, contentDisposition("changes", `-${today()}.csv`));
}
