import { apiRoute } from "@/lib/http/api-route";
import { getInvestor } from "@/lib/customer-api";
import { investorParamsSchema } from "@/lib/values/ids";

export const GET = apiRoute(
  "GET /api/funds/[fundId]/investors/[investorId]",
  investorParamsSchema,
  ({ fundId, investorId }) => getInvestor(fundId, investorId),
);
