import { apiRoute } from "@/lib/http/api-route";
import { fundParamsSchema } from "@/lib/values/ids";
import { revealFundSecret, secretFieldOf } from "@/lib/sensitive/server/sensitive-reads";

// The one place a fund's full tax id or account number leaves the server: one field, asked for by a Reveal control.
export const GET = apiRoute(
  "GET /api/funds/[fundId]/sensitive",
  fundParamsSchema,
  ({ fundId }, request, user) => revealFundSecret(request, fundId, secretFieldOf(request), user),
  { query: ["field"] },
);
