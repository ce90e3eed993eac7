import { getFund } from "@/lib/data/funds";
import { apiRoute } from "@/lib/http/api-route";
import { fundParamsSchema } from "@/lib/values/ids";

export const GET = apiRoute("GET /api/funds/[fundId]", fundParamsSchema, {}, ({ params, user }) =>
  getFund(user, params.fundId),
);
