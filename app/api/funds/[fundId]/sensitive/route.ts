import { apiRoute } from "@/lib/auth/api-route";
import { revealFundSecret, revealParsers, secretField } from "@/lib/sensitive/server/sensitive-reads";
import { fundParamsSchema } from "@/lib/values/ids";

// The one place a fund's full tax id or account number leaves the server: one field, asked for by a Reveal control.
export const GET = apiRoute(
  "GET /api/funds/[fundId]/sensitive",
  fundParamsSchema,
  revealParsers,
  ({ params, query, request, user }) => revealFundSecret(request, params.fundId, secretField(query), user),
);
