import "server-only";
import type { inferParserType } from "nuqs";
import type { ExportFormat } from "@/lib/csv/export-format";
import type { Principal } from "@/lib/data/principal";
import type { investorsCsvParsers } from "@/lib/directory/search-params";
import { directoryExport } from "@/lib/directory/server/export";
import { BadRequest } from "@/lib/http/errors";
import { allInvestorsExport } from "@/lib/investors/server/all-investors-export";

// Shared by the two routes of one file: the directory's view or every position, two features the route composes.

/** GET /api/investors.csv and .xlsx: every position of every fund, or with group=investor the directory's view. */
export function investorsFile(
  request: Request,
  query: inferParserType<typeof investorsCsvParsers>,
  principal: Principal,
  format: ExportFormat,
): Promise<Response> {
  const { group, sort, q, type, partial, sensitive, bom } = query;
  if (group === "investor") {
    if (sensitive) throw new BadRequest("The directory's file has no sensitive fields: leave out sensitive.");
    return directoryExport(request, { sort, q, type, partial, bom }, principal, format);
  }
  if (sort || q || type.length > 0)
    throw new BadRequest("sort, q and type apply to the directory's file: add group=investor.");
  return allInvestorsExport(request, { sensitive, partial, bom }, principal, format);
}
