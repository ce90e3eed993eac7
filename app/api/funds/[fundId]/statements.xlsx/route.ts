import { apiRoute } from "@/lib/auth/api-route";
import { xlsxFormat } from "@/lib/xlsx/server/xlsx-format";
import { periodParsers } from "@/lib/statements/search-params";
import { statementsFile } from "@/lib/statements/server/files";
import { fundParamsSchema } from "@/lib/values/ids";

// Every investor's capital account statement of the fund for a period: the statements.csv twin as one Excel sheet.
export const GET = apiRoute(
  "GET /api/funds/[fundId]/statements.xlsx",
  fundParamsSchema,
  periodParsers,
  ({ params, query, request, user }) => statementsFile({ ...params, query, request, user }, xlsxFormat),
);
