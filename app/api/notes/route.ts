import { z } from "zod";
import { apiRoute, apiWrite } from "@/lib/auth/api-route";
import { noStore } from "@/lib/http/error-response";
import { BadRequest } from "@/lib/http/errors";
import { readJsonBody } from "@/lib/http/json-body";
import { investorNotes } from "@/lib/notes/server/lists";
import { createNote, fundNotes } from "@/lib/notes/server/notes";
import { notesQueryParsers } from "@/lib/notes/search-params";

// The notes about a fund (?fundId=), an investor in it (&investorId=) or a directory person (?investorKey=), newest
// first (GET); a new one (POST, JSON from this dashboard's origin): 201 with its id and version.
export const GET = apiRoute("GET /api/notes", z.object({}), notesQueryParsers, ({ query, user }) => {
  const { fundId, investorId, investorKey } = query;
  if (investorKey && !fundId && !investorId) return investorNotes(user, investorKey);
  if (!fundId || investorKey) throw new BadRequest("Say whose notes: ?fundId=[&investorId=], or ?investorKey=.");
  return fundNotes(user, fundId, investorId);
});

// A note of 4,000 characters is at most 16 KB of UTF-8, with its follow-up and the JSON around it.
const maxBodyBytes = 20_000;

export const POST = apiWrite(
  "POST /api/notes",
  z.object({}),
  { crossOrigin: "Notes are written from this dashboard's own pages.", failure: "The note could not be saved." },
  async ({ request, user }) => {
    const created = await createNote(user, await readJsonBody(request, maxBodyBytes));
    return Response.json(created, { status: 201, headers: noStore });
  },
);
