import { z } from "zod";
import { readFunds } from "@/lib/fund-reads/server/funds";
import { apiRoute } from "@/lib/auth/api-route";
import { jsonBytesResponse } from "@/lib/http/responses";
import { sharedJsonBody } from "@/lib/server/shared-in-flight";

// Concurrent requests share one upstream call and one serialization (each was checked for a session).
export const GET = apiRoute("GET /api/funds", z.object({}), {}, async ({ user }) =>
  jsonBytesResponse(await sharedJsonBody(user, "funds", () => readFunds(user))),
);
