import { apiRoute } from "@/lib/auth/api-route";
import { fundReconciliation } from "@/lib/reconciliation/server/fund-reconciliation";
import { fundParamsSchema } from "@/lib/values/ids";

// The fund's figures against its investors', and each investor's against its formulas, in exact decimals.
export const GET = apiRoute("GET /api/funds/[fundId]/reconciliation", fundParamsSchema, {}, ({ params, user }) =>
  fundReconciliation(user, params.fundId),
);
