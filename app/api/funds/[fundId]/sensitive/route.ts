import { apiRoute } from "@/lib/api-route";
import { getFundSecrets } from "@/lib/customer-api";
import { fundParamsSchema } from "@/lib/ids";

// The one place a fund's full tax id and account number leave the server: asked for by a Reveal control.
export const GET = apiRoute("GET /api/funds/[fundId]/sensitive", fundParamsSchema, ({ fundId }) =>
  getFundSecrets(fundId),
);
