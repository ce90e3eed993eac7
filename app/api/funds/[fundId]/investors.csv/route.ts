import { apiRoute } from "@/lib/http/api-route";
import { csvQuery, fundInvestorsCsv } from "@/lib/csv/exports";
import { csvParamsOf } from "@/lib/csv/params";
import { fundParamsSchema } from "@/lib/values/ids";

// The investors of the table's view (?sort=&q=&type=), or all of them with ?all=1; streamed as CSV.
export const GET = apiRoute("GET /api/funds/[fundId]/investors.csv", fundParamsSchema, ({ fundId }, request, user) =>
  fundInvestorsCsv(request, fundId, csvParamsOf(request), user), {
  query: csvQuery,
});
