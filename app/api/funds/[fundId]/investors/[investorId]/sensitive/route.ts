import { apiRoute } from "@/lib/api-route";
import { investorParamsSchema } from "@/lib/ids";
import { revealInvestorSecret, secretFieldOf } from "@/lib/sensitive";

// The one place an investor's full tax id or account number leaves the server: one field, on Reveal.
export const GET = apiRoute(
  "GET /api/funds/[fundId]/investors/[investorId]/sensitive",
  investorParamsSchema,
  ({ fundId, investorId }, request, user) =>
    revealInvestorSecret(request, fundId, investorId, secretFieldOf(request), user),
  { query: ["field"] },
);
