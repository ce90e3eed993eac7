import "server-only";
import type { Principal } from "../../data/principal";
import { listFunds } from "../../data/funds";
import { csvColumns } from "../../csv/columns";
import { contentDisposition, today } from "../../csv/filename";
import { beforeFirstRow, csvResponse, exportHooks } from "../../csv/server/export-response";
import { csvStream, inBatches } from "../../csv/stream";
import { applyView } from "../../table/view";
import { fundFieldColumns, fundGridColumns } from "../columns";
import type { fundsCsvParsers } from "../search-params";
import type { inferParserType } from "nuqs";

/** The funds of the grid's view, or every fund with `all`; every field of the spec, by path. */
export async function fundsCsv(
  request: Request,
  params: inferParserType<typeof fundsCsvParsers>,
  principal: Principal,
): Promise<Response> {
  const file = `funds-${today()}.csv`;
  const hooks = await exportHooks(request, params.sensitive, file, null, principal);
  const funds = await beforeFirstRow(hooks, listFunds(principal, { sensitive: params.sensitive }));
  const rows = params.all ? funds : applyView(funds, fundGridColumns, { query: params.q, sort: params.sort });
  const body = csvStream(inBatches(rows), csvColumns(fundFieldColumns), { bom: params.bom, ...hooks });
  return csvResponse(body, contentDisposition("funds", `-${today()}.csv`));
}
