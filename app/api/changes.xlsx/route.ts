import { z } from "zod";
import { changesCsvParsers } from "@/lib/changes/search-params";
import { changesExport } from "@/lib/changes/server/export";
import { apiRoute } from "@/lib/auth/api-route";
import { xlsxFormat } from "@/lib/xlsx/server/xlsx-format";

// The changes.csv twin as an Excel workbook: the same rows, in the same order; bom is accepted and has no use.
export const GET = apiRoute("GET /api/changes.xlsx", z.object({}), changesCsvParsers, ({ query, request, user }) =>
  changesExport(request, query, user, xlsxFormat),
);
