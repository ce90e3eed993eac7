import { csvFormat } from "@/lib/csv/stream";
import { apiRoute } from "@/lib/auth/api-route";
import { investorCsvParsers } from "@/lib/investors/search-params";
import { fundInvestorsExport } from "@/lib/investors/server/export";
import { fundParamsSchema } from "@/lib/values/ids";

// The investors of the table's view (?sort=&q=&type=), or all of them with ?all=1; as CSV.
export const GET = apiRoute(
  "GET /api/funds/[fundId]/investors.csv",
  fundParamsSchema,
  investorCsvParsers,
  ({ params, query, request, user }) => fundInvestorsExport(request, params.fundId, query, user, csvFormat),
);
