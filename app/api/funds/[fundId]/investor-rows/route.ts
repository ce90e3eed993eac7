import { apiRoute } from "@/lib/http/api-route";
import { jsonBytesResponse } from "@/lib/http/responses";
import { visibleInvestorColumnIds } from "@/lib/investors/columns";
import { investorRowsParsers, investorViewSearch } from "@/lib/investors/search-params";
import { investorIndex } from "@/lib/investors/server/list-cache";
import { inPersonLaneOnce } from "@/lib/server/fair-share";
import { fundParamsSchema } from "@/lib/values/ids";

// One page of the investor table's view (?sort=&q=&type=&cols=&offset=&limit=), cut from the fund's held list.
export const GET = apiRoute(
  "GET /api/funds/[fundId]/investor-rows",
  fundParamsSchema,
  investorRowsParsers,
  async ({ params, query, user }) => {
    const { offset, limit, version, refresh, cols, ...view } = query;
    const index = await investorIndex(user, params.fundId, { version: version ?? undefined, refresh });
    const sized = visibleInvestorColumnIds(cols);
    const page = `${params.fundId}:${index.version}:${investorViewSearch(view)}|${offset}|${limit}|${sized.join(",")}`;
    const bytes = await inPersonLaneOnce(user.email, page, () => index.pageBytes(view, offset, limit, sized));
    return jsonBytesResponse(bytes);
  },
);
