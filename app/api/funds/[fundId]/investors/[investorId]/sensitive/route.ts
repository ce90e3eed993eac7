import { apiRoute } from "@/lib/http/api-route";
import { investorParamsSchema } from "@/lib/values/ids";
import { revealInvestorSecret, secretFieldOf } from "@/lib/sensitive/server/sensitive-reads";

// The one place an investor's full tax id or account number leaves the server: one field, on Reveal.
export const GET = apiRoute(
  "GET /api/funds/[fundId]/investors/[investorId]/sensitive",
  investorParamsSchema,
  ({ fundId, investorId }, request, user) =>
    revealInvestorSecret(request, fundId, investorId, secretFieldOf(request), user),
  { query: ["field"] },
);
