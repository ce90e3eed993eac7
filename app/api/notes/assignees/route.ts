import { z } from "zod";
import { apiRoute } from "@/lib/auth/api-route";
import { BadRequest } from "@/lib/http/errors";
import { assigneesOf } from "@/lib/notes/server/assignees";
import { assigneesParsers } from "@/lib/notes/search-params";

// Who a follow-up about this fund may be assigned to (?fundId=): everyone the dashboard knows who may see it now.
export const GET = apiRoute("GET /api/notes/assignees", z.object({}), assigneesParsers, ({ query, user }) => {
  if (!query.fundId) throw new BadRequest("Say which fund: ?fundId=<fund id>.");
  return assigneesOf(user, query.fundId);
});
