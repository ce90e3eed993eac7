import "server-only";
import { csvColumns } from "../../csv/columns";
import type { ExportFormat, WrittenRows } from "../../csv/export-format";
import { contentDisposition, today } from "../../csv/filename";
import { exportHooks, exportResponse } from "../../csv/server/export-response";
import type { Principal } from "../../data/principal";
import { auditEventBatches } from "../../store/server";
import { auditColumns } from "../columns";
import type { AuditView } from "../search-params";
import { auditFilterOf, auditRowOf, lookAtTrail } from "./trail";

const columns = csvColumns(auditColumns);

/** Every row of the view, newest first, read from the store a batch at a time as the file is written. */
async function* auditChunks(format: ExportFormat, view: AuditView, principal: Principal): AsyncGenerator<WrittenRows> {
  for await (const batch of auditEventBatches(auditFilterOf(view), principal.scope))
    yield format.encode(batch.map((event) => format.cellsOf(auditRowOf(event), columns)));
}

/** The view's rows as CSV or xlsx: what /audit shows, every page; the look is itself a row. */
export async function auditExport(
  request: Request,
  params: AuditView & { bom: boolean },
  principal: Principal,
  format: ExportFormat,
): Promise<Response> {
  const { bom, ...view } = params;
  lookAtTrail(principal, request, view, `file ${format.extension}`);
  const suffix = `-${today()}${format.extension}`;
  const hooks = await exportHooks(request, false, `audit${suffix}`, null, principal);
  const body = format.body(columns, auditChunks(format, view, principal), { bom, sheet: "Audit trail", ...hooks });
  return exportResponse(format, body, contentDisposition("audit", suffix));
}
