import { z } from "zod";
import { apiRoute } from "@/lib/auth/api-route";
import { outstandingCsvParsers } from "@/lib/outstanding/search-params";
import { outstandingExport } from "@/lib/outstanding/server/export";
import { xlsxFormat } from "@/lib/xlsx/server/xlsx-format";

// The outstanding.csv twin (the same parameters and rows, in order) as an Excel workbook.
export const GET = apiRoute(
  "GET /api/outstanding.xlsx",
  z.object({}),
  outstandingCsvParsers,
  ({ query, request, user }) => outstandingExport(request, query, user, xlsxFormat),
);
