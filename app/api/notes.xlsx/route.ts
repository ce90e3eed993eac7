import { z } from "zod";
import { apiRoute } from "@/lib/auth/api-route";
import { notesExport } from "@/lib/notes/server/export";
import { notesFileParsers } from "@/lib/notes/search-params";
import { xlsxFormat } from "@/lib/xlsx/server/xlsx-format";

// The notes.csv twin as an Excel workbook: the same rows, in the same order; bom is accepted and has no use.
export const GET = apiRoute("GET /api/notes.xlsx", z.object({}), notesFileParsers, ({ query, request, user }) =>
  notesExport(request, query, user, xlsxFormat),
);
