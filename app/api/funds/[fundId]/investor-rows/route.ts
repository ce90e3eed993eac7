import { apiRoute } from "@/lib/http/api-route";
import { fundParamsSchema } from "@/lib/values/ids";
import { investorRowsParamsOf, investorRowsQuery } from "@/lib/investors/investor-rows-params";
import { investorIndex } from "@/lib/investors/server/list-cache";
import { inPersonLane } from "@/lib/server/fair-share";
import { jsonBytesResponse } from "@/lib/server/shared-in-flight";

// One page of the investor table's view (?sort=&q=&type=&offset=&limit=), cut from the fund's held list.
export const GET = apiRoute(
  "GET /api/funds/[fundId]/investor-rows",
  fundParamsSchema,
  async ({ fundId }, request, user) => {
    const { view, offset, limit, sized, version, refresh } = investorRowsParamsOf(request);
    const index = await investorIndex(fundId, { user, version, refresh });
    return jsonBytesResponse(await inPersonLane(user.email, () => index.pageBytes(view, offset, limit, sized)));
  },
  { query: investorRowsQuery },
);
