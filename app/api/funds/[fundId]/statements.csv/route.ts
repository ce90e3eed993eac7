import { apiRoute } from "@/lib/auth/api-route";
import { csvFormat } from "@/lib/csv/stream";
import { periodParsers } from "@/lib/statements/search-params";
import { statementsFile } from "@/lib/statements/server/files";
import { fundParamsSchema } from "@/lib/values/ids";

// Every investor's capital account statement of the fund for a period: one row per investor, every figure.
export const GET = apiRoute(
  "GET /api/funds/[fundId]/statements.csv",
  fundParamsSchema,
  periodParsers,
  ({ params, query, request, user }) => statementsFile({ ...params, query, request, user }, csvFormat),
);
