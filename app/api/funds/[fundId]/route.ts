import { readFund } from "@/lib/fund-reads/server/funds";
import { apiRoute } from "@/lib/auth/api-route";
import { fundParamsSchema } from "@/lib/values/ids";

export const GET = apiRoute("GET /api/funds/[fundId]", fundParamsSchema, {}, ({ params, user }) =>
  readFund(user, params.fundId),
);
