import { z } from "zod";
import { apiWrite } from "@/lib/auth/api-route";
import { noStore } from "@/lib/http/error-response";
import { readJsonBody } from "@/lib/http/json-body";
import { changeNoteOf, removeNoteOf } from "@/lib/notes/server/notes";

const params = z.object({ id: z.string() });
const maxBodyBytes = 20_000;

// Its author changes a note's text or follow-up, its assignee the follow-up's state or due day; `version` names the
// version the change was made on: 200 with the new one, or 409 with the note as it is now.
export const PATCH = apiWrite(
  "PATCH /api/notes/[id]",
  params,
  { crossOrigin: "Notes are changed from this dashboard's own pages.", failure: "The note could not be saved." },
  async ({ params, request, user }) => changeNoteOf(user, params.id, await readJsonBody(request, maxBodyBytes)),
);

// Its author deletes a note (a row of the audit trail): 204.
export const DELETE = apiWrite(
  "DELETE /api/notes/[id]",
  params,
  { crossOrigin: "Notes are deleted from this dashboard's own pages.", failure: "The note could not be deleted." },
  async ({ params, request, user }) => {
    await removeNoteOf(user, params.id, request);
    return new Response(null, { status: 204, headers: noStore });
  },
);
