import { apiRoute } from "@/lib/api-route";
import { listInvestors } from "@/lib/customer-api";
import { fundParamsSchema } from "@/lib/ids";

export const GET = apiRoute("GET /api/funds/[fundId]/investors", fundParamsSchema, ({ fundId }) =>
  listInvestors(fundId),
);
