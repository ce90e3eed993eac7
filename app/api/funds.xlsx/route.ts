import { z } from "zod";
import { fundsCsvParsers } from "@/lib/funds/search-params";
import { fundsExport } from "@/lib/funds/server/export";
import { apiRoute } from "@/lib/auth/api-route";
import { reconciliationSummaries } from "@/lib/reconciliation/server/summaries";
import { xlsxFormat } from "@/lib/xlsx/server/xlsx-format";

// The funds.csv twin (the same parameters and rows, in order) as an Excel workbook; bom is accepted and has no use.
export const GET = apiRoute("GET /api/funds.xlsx", z.object({}), fundsCsvParsers, ({ query, request, user }) =>
  fundsExport(request, query, user, xlsxFormat, () => reconciliationSummaries(user)),
);
