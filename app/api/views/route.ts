import { z } from "zod";
import { apiRoute, apiWrite } from "@/lib/auth/api-route";
import { noStore } from "@/lib/http/error-response";
import { BadRequest } from "@/lib/http/errors";
import { readJsonBody } from "@/lib/http/json-body";
import { viewsQueryParsers } from "@/lib/views/search-params";
import { createView, listViews } from "@/lib/views/server/views";

// The views of a page (?page=/outstanding) this person may open there (GET); a new one (POST, JSON from this
// dashboard's origin): 201 with its id.
export const GET = apiRoute("GET /api/views", z.object({}), viewsQueryParsers, ({ query, user }) => {
  if (!query.page) throw new BadRequest("Say which page: ?page=/outstanding.");
  return listViews(user, query.page);
});

// A view is a name and a query string: a few KB at most.
const maxBodyBytes = 8_192;

export const POST = apiWrite(
  "POST /api/views",
  z.object({}),
  { crossOrigin: "Views are saved from this dashboard's own pages.", failure: "The view could not be saved." },
  async ({ request, user }) => {
    const created = await createView(user, await readJsonBody(request, maxBodyBytes));
    return Response.json(created, { status: 201, headers: noStore });
  },
);
