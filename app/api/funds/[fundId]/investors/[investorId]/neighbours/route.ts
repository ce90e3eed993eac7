import { apiRoute } from "@/lib/http/api-route";
import { investorParamsSchema } from "@/lib/values/ids";
import { investorViewParamsOf, investorViewQuery } from "@/lib/investors/investor-rows-params";
import { investorIndex } from "@/lib/investors/server/list-cache";
import { inPersonLane } from "@/lib/server/fair-share";

// The investor's place in the table's view and the ones before and after it, for Previous/Next.
export const GET = apiRoute(
  "GET /api/funds/[fundId]/investors/[investorId]/neighbours",
  investorParamsSchema,
  async ({ fundId, investorId }, request, user) => {
    const view = investorViewParamsOf(request); // checked before any upstream call
    const index = await investorIndex(fundId, { user });
    return inPersonLane(user.email, () => index.neighbours(view, investorId));
  },
  { query: investorViewQuery },
);
