import { apiRoute } from "@/lib/http/api-route";
import { getFund } from "@/lib/customer-api";
import { fundParamsSchema } from "@/lib/values/ids";

export const GET = apiRoute("GET /api/funds/[fundId]", fundParamsSchema, ({ fundId }) => getFund(fundId));
