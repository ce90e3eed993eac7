import { apiRoute } from "@/lib/auth/api-route";
import { investorCsvParsers } from "@/lib/investors/search-params";
import { fundInvestorsExport } from "@/lib/investors/server/export";
import { fundParamsSchema } from "@/lib/values/ids";
import { xlsxFormat } from "@/lib/xlsx/server/xlsx-format";

// The investors.csv twin (the same parameters and rows, in order) as an Excel workbook.
export const GET = apiRoute(
  "GET /api/funds/[fundId]/investors.xlsx",
  fundParamsSchema,
  investorCsvParsers,
  ({ params, query, request, user }) => fundInvestorsExport(request, params.fundId, query, user, xlsxFormat),
);
