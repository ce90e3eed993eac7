import { listInvestors } from "@/lib/data/investors";
import { apiRoute } from "@/lib/auth/api-route";
import { jsonBytesResponse } from "@/lib/http/responses";
import { sharedJsonBody } from "@/lib/server/shared-in-flight";
import { fundParamsSchema } from "@/lib/values/ids";

// The whole list, for scripts: concurrent requests for one fund share one upstream call and one serialization.
export const GET = apiRoute("GET /api/funds/[fundId]/investors", fundParamsSchema, {}, async ({ params, user }) =>
  jsonBytesResponse(await sharedJsonBody(user, `investors:${params.fundId}`, () => listInvestors(user, params.fundId))),
);
