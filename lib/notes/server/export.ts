import "server-only";
import { csvColumns } from "../../csv/columns";
import type { ExportFormat, WrittenRows } from "../../csv/export-format";
import { contentDisposition, today } from "../../csv/filename";
import { exportHooks, exportResponse } from "../../csv/server/export-response";
import { fundAccess } from "../../data/fund-access";
import type { Principal } from "../../data/principal";
import { BadRequest } from "../../http/errors";
import { fundNoteBatches } from "../../store/server/team";
import { noteFileColumns } from "../columns";
import { noteView } from "./notes";

const columns = csvColumns(noteFileColumns);

/** GET /api/notes.csv?fund=: every note of the fund (its own and its investors'), newest first, from the store. */
export async function notesExport(
  request: Request,
  params: { fund: string | null; bom: boolean },
  user: Principal,
  format: ExportFormat,
): Promise<Response> {
  if (!params.fund) throw new BadRequest("Say which fund's notes: ?fund=<fund id>.");
  // Out of scope answers as an unknown fund; the file is a masked read of it.
  const access = await fundAccess(user, params.fund, "note.read");
  await fundAccess(user, access.ref, "export.masked");
  async function* chunks(): AsyncGenerator<WrittenRows> {
    for await (const batch of fundNoteBatches(access.storeKey))
      yield format.encode(batch.map((row) => format.cellsOf(noteView(user, row, access.ref, false), columns)));
  }
  const suffix = `-notes-${today()}${format.extension}`;
  const hooks = await exportHooks(request, false, `${access.fundId}${suffix}`, access.ref, user);
  const body = format.body(columns, chunks(), { bom: params.bom, sheet: "Notes", ...hooks });
  return exportResponse(format, body, contentDisposition(access.fundId, suffix));
}
