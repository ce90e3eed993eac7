import { z } from "zod";
import { csvFormat } from "@/lib/csv/stream";
import { fundsCsvParsers } from "@/lib/funds/search-params";
import { fundsExport } from "@/lib/funds/server/export";
import { apiRoute } from "@/lib/auth/api-route";
import { reconciliationSummaries } from "@/lib/reconciliation/server/summaries";

// The funds of the grid's view (?sort=&q=), or every fund with ?all=1; streamed as CSV.
export const GET = apiRoute("GET /api/funds.csv", z.object({}), fundsCsvParsers, ({ query, request, user }) =>
  fundsExport(request, query, user, csvFormat, () => reconciliationSummaries(user)),
);
