import { apiRoute } from "@/lib/auth/api-route";
import { revealInvestorSecret, revealParsers, secretField } from "@/lib/sensitive/server/sensitive-reads";
import { investorParamsSchema } from "@/lib/values/ids";

// The one place an investor's full tax id or account number leaves the server: one field, on Reveal.
export const GET = apiRoute(
  "GET /api/funds/[fundId]/investors/[investorId]/sensitive",
  investorParamsSchema,
  revealParsers,
  ({ params, query, request, user }) =>
    revealInvestorSecret(request, params.fundId, params.investorId, secretField(query), user),
);
