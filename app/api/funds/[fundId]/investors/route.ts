import { apiRoute } from "@/lib/http/api-route";
import { listInvestors } from "@/lib/customer-api";
import { fundParamsSchema } from "@/lib/values/ids";
import { jsonBytesResponse, sharedJsonBody } from "@/lib/server/shared-in-flight";

// Concurrent requests for one fund share one upstream call and one serialization (each was checked for a session).
export const GET = apiRoute("GET /api/funds/[fundId]/investors", fundParamsSchema, async ({ fundId }, _request, user) =>
  jsonBytesResponse(await sharedJsonBody(`investors:${fundId}`, () => listInvestors(fundId, { user }))),
);
