import { changedInvestorIds } from "@/lib/changes/server/changes";
import { apiRoute } from "@/lib/auth/api-route";
import { jsonBytesResponse } from "@/lib/http/responses";
import { visibleInvestorColumnIds } from "@/lib/investors/columns";
import { investorRowsParsers } from "@/lib/investors/search-params";
import { investorRowsBytes } from "@/lib/investors/server/rows";
import { fundParamsSchema } from "@/lib/values/ids";

// One page of the investor table's view (?sort=&q=&type=&cols=&offset=&limit=), cut from the fund's held list.
export const GET = apiRoute(
  "GET /api/funds/[fundId]/investor-rows",
  fundParamsSchema,
  investorRowsParsers,
  async ({ params, query, user }) => {
    const { offset, limit, version, refresh, cols, ...view } = query;
    const sized = visibleInvestorColumnIds(cols);
    const changedIds = view.changed ? await changedInvestorIds(user, params.fundId, view.changed) : null;
    const request = { view, offset, limit, sized, version: version ?? undefined, refresh, changedIds };
    return jsonBytesResponse(await investorRowsBytes(user, params.fundId, request));
  },
);
