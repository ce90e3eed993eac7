import "server-only";
import { type ExportFormat, rowsBody } from "../../csv/export-format";
import { contentDisposition, today } from "../../csv/filename";
import { exportHooks, exportResponse } from "../../csv/server/export-response";
import type { Principal } from "../../data/principal";
import { changeCsvColumns, changeRows } from "../columns";
import type { ChangesView } from "../search-params";
import { everyChange } from "./changes";

/** The view's changes as CSV or xlsx, one row per changed field, newest day first; masked values never written. */
export async function changesExport(
  request: Request,
  params: ChangesView & { bom: boolean },
  principal: Principal,
  format: ExportFormat,
) {
  const rows = (await everyChange(principal, params)).flatMap(changeRows);
  const suffix = `-${today()}${format.extension}`;
  const hooks = await exportHooks(request, false, `changes${suffix}`, null, principal);
  const body = rowsBody(format, rows, changeCsvColumns, { bom: params.bom, sheet: "Changes", ...hooks });
  return exportResponse(format, body, contentDisposition("changes", suffix));
}
