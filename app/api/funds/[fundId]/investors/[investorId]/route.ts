import { getInvestor } from "@/lib/data/investors";
import { apiRoute } from "@/lib/http/api-route";
import { investorParamsSchema } from "@/lib/values/ids";

export const GET = apiRoute(
  "GET /api/funds/[fundId]/investors/[investorId]",
  investorParamsSchema,
  {},
  ({ params, user }) => getInvestor(user, params.fundId, params.investorId),
);
