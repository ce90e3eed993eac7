import { apiRoute } from "@/lib/auth/api-route";
import { xlsxFormat } from "@/lib/xlsx/server/xlsx-format";
import { periodParsers } from "@/lib/statements/search-params";
import { statementFile } from "@/lib/statements/server/files";
import { investorParamsSchema } from "@/lib/values/ids";

// One investor's capital account statement for a period (?period=2026-Q3, 2026, or from and to): the statement.csv twin as an Excel sheet.
export const GET = apiRoute(
  "GET /api/funds/[fundId]/investors/[investorId]/statement.xlsx",
  investorParamsSchema,
  periodParsers,
  ({ params, query, request, user }) => statementFile({ ...params, query, request, user }, xlsxFormat),
);
