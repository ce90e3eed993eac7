import { fundChangesParsers } from "@/lib/changes/search-params";
import { fundChanges } from "@/lib/changes/server/changes";
import { apiRoute } from "@/lib/auth/api-route";
import { NotFound } from "@/lib/http/errors";
import { fundParamsSchema } from "@/lib/values/ids";

// One fund's changes since a moment (?since=1d|7d|30d|YYYY-MM-DD|ISO), between two of its kept reads.
export const GET = apiRoute(
  "GET /api/funds/[fundId]/changes",
  fundParamsSchema,
  fundChangesParsers,
  async ({ params, query, user }) => {
    const changes = await fundChanges(user, params.fundId, query.since);
    if (!changes) throw new NotFound("No read of this fund's investors has been kept yet.");
    return changes;
  },
);
