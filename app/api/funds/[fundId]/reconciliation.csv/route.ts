import { csvFormat } from "@/lib/csv/stream";
import { apiRoute } from "@/lib/auth/api-route";
import { differencesExport } from "@/lib/reconciliation/server/differences-export";
import { fundParamsSchema } from "@/lib/values/ids";

// Every difference of the fund's reconciliation: the fund checks that differ, then each investor that differs.
export const GET = apiRoute("GET /api/funds/[fundId]/reconciliation.csv", fundParamsSchema, {}, ({ params, user }) =>
  differencesExport(user, params.fundId, csvFormat),
);
