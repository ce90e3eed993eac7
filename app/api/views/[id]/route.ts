import { z } from "zod";
import { apiWrite } from "@/lib/auth/api-route";
import { noStore } from "@/lib/http/error-response";
import { readJsonBody } from "@/lib/http/json-body";
import { changeViewOf, removeViewOf } from "@/lib/views/server/views";

const params = z.object({ id: z.string() });

// Its owner renames or shares a view; anyone it is listed to makes it their default ({"default": true}) or not.
export const PATCH = apiWrite(
  "PATCH /api/views/[id]",
  params,
  { crossOrigin: "Views are changed from this dashboard's own pages.", failure: "The view could not be saved." },
  async ({ params, request, user }) => changeViewOf(user, params.id, await readJsonBody(request, 2_048)),
);

// Its owner deletes a view, an admin any shared one: 204.
export const DELETE = apiWrite(
  "DELETE /api/views/[id]",
  params,
  { crossOrigin: "Views are deleted from this dashboard's own pages.", failure: "The view could not be deleted." },
  async ({ params, user }) => {
    await removeViewOf(user, params.id);
    return new Response(null, { status: 204, headers: noStore });
  },
);
