import { apiRoute } from "@/lib/api-route";
import { getFund } from "@/lib/customer-api";
import { fundParamsSchema } from "@/lib/ids";

export const GET = apiRoute("GET /api/funds/[fundId]", fundParamsSchema, ({ fundId }) => getFund(fundId));
