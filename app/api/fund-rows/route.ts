import { z } from "zod";
import { readFunds } from "@/lib/fund-reads/server/funds";
import { fundGridRow } from "@/lib/funds/columns";
import { apiRoute } from "@/lib/auth/api-route";
import { jsonBytesResponse } from "@/lib/http/responses";
import { sharedJsonBody } from "@/lib/server/shared-in-flight";

// The Funds grid's rows: each fund with only what the grid's columns read (1.1 MB against /api/funds' 2.6 MB at 2,003
// funds), fetched by the browser once the page is up.
export const GET = apiRoute("GET /api/fund-rows", z.object({}), {}, async ({ user }) =>
  jsonBytesResponse(await sharedJsonBody(user, "fund-rows", async () => (await readFunds(user)).map(fundGridRow))),
);
