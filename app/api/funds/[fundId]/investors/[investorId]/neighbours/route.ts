import { apiRoute } from "@/lib/auth/api-route";
import { investorViewParsers } from "@/lib/investors/search-params";
import { investorIndex } from "@/lib/investors/server/list-cache";
import { inPersonLane } from "@/lib/server/fair-share";
import { investorParamsSchema } from "@/lib/values/ids";

// The investor's place in the table's view and the ones before and after it, for Previous/Next.
export const GET = apiRoute(
  "GET /api/funds/[fundId]/investors/[investorId]/neighbours",
  investorParamsSchema,
  investorViewParsers,
  async ({ params, query, user }) => {
    const index = await investorIndex(user, params.fundId);
    return inPersonLane(user.email, () => index.neighbours(query, params.investorId));
  },
);
