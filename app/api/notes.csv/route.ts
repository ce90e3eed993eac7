import { z } from "zod";
import { apiRoute } from "@/lib/auth/api-route";
import { csvFormat } from "@/lib/csv/stream";
import { notesExport } from "@/lib/notes/server/export";
import { notesFileParsers } from "@/lib/notes/search-params";

// Every note of a fund (?fund=), its own and its investors', newest first: author, time, text, follow-up.
export const GET = apiRoute("GET /api/notes.csv", z.object({}), notesFileParsers, ({ query, request, user }) =>
  notesExport(request, query, user, csvFormat),
);
