import { z } from "zod";
import { auditCsvParsers } from "@/lib/audit/search-params";
import { auditExport } from "@/lib/audit/server/export";
import { apiRoute } from "@/lib/auth/api-route";
import { xlsxFormat } from "@/lib/xlsx/server/xlsx-format";

// The audit.csv twin as an Excel workbook: the same rows, in the same order; bom is accepted and has no use.
export const GET = apiRoute("GET /api/audit.xlsx", z.object({}), auditCsvParsers, ({ query, request, user }) =>
  auditExport(request, query, user, xlsxFormat),
);
