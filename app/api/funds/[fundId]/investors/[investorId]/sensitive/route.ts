import { apiRoute } from "@/lib/api-route";
import { getInvestorSecrets } from "@/lib/customer-api";
import { investorParamsSchema } from "@/lib/ids";

// The one place an investor's full tax id and account number leave the server: asked for by a Reveal control.
export const GET = apiRoute(
  "GET /api/funds/[fundId]/investors/[investorId]/sensitive",
  investorParamsSchema,
  ({ fundId, investorId }) => getInvestorSecrets(fundId, investorId),
);
