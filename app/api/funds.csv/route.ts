import { z } from "zod";
import { fundsCsvParsers } from "@/lib/funds/search-params";
import { fundsCsv } from "@/lib/funds/server/export";
import { apiRoute } from "@/lib/http/api-route";
import { reconciliationSummaries } from "@/lib/reconciliation/server/summaries";

// The funds of the grid's view (?sort=&q=), or every fund with ?all=1; streamed as CSV.
export const GET = apiRoute("GET /api/funds.csv", z.object({}), fundsCsvParsers, ({ query, request, user }) =>
  fundsCsv(request, query, user, () => reconciliationSummaries(user)),
);
