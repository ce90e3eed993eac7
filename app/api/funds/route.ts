import { z } from "zod";
import { apiRoute } from "@/lib/http/api-route";
import { listFunds } from "@/lib/customer-api";
import { jsonBytesResponse, sharedJsonBody } from "@/lib/server/shared-in-flight";

// Concurrent requests share one upstream call and one serialization (each was checked for a session).
export const GET = apiRoute("GET /api/funds", z.object({}), async (_params, _request, user) =>
  jsonBytesResponse(await sharedJsonBody("funds", () => listFunds({ user }))),
);
