import { z } from "zod";
import { auditRowsParsers } from "@/lib/audit/search-params";
import { auditPage } from "@/lib/audit/server/trail";
import { apiRoute } from "@/lib/auth/api-route";

// The audit trail (?person=&action=&fund=&investor=&from=&to=&offset=&limit=&version=), newest first; admins only
// (anyone else: the 404 of an unknown route), each the rows of their scope.
export const GET = apiRoute("GET /api/audit", z.object({}), auditRowsParsers, ({ query, request, user }) => {
  const { offset, limit, version, ...view } = query;
  return auditPage(user, request, view, { offset, limit, version });
});
