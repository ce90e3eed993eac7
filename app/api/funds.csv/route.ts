import { z } from "zod";
import { apiRoute } from "@/lib/api-route";
import { csvParamsOf, csvQuery, fundsCsv } from "@/lib/csv/exports";

// The funds of the grid's view (?sort=&q=), or every fund with ?all=1; streamed as CSV.
export const GET = apiRoute("GET /api/funds.csv", z.object({}), (_params, request, user) => fundsCsv(csvParamsOf(request), user), {
  query: csvQuery,
});
