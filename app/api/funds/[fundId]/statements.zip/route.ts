import { apiRoute } from "@/lib/auth/api-route";
import { periodParsers } from "@/lib/statements/search-params";
import { statementsZip } from "@/lib/statements/server/zip";
import { fundParamsSchema } from "@/lib/values/ids";

// Every investor's statement of the fund for a period, streamed as a zip: statements.csv, then one PDF per investor.
export const GET = apiRoute(
  "GET /api/funds/[fundId]/statements.zip",
  fundParamsSchema,
  periodParsers,
  ({ params, query, request, user }) => statementsZip({ ...params, query, request, user }),
);
