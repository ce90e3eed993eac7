import { apiRoute } from "@/lib/auth/api-route";
import { differencesExport } from "@/lib/reconciliation/server/differences-export";
import { fundParamsSchema } from "@/lib/values/ids";
import { xlsxFormat } from "@/lib/xlsx/server/xlsx-format";

// The reconciliation.csv twin as an Excel workbook: the same differences, amounts as number cells when exact.
export const GET = apiRoute("GET /api/funds/[fundId]/reconciliation.xlsx", fundParamsSchema, {}, ({ params, user }) =>
  differencesExport(user, params.fundId, xlsxFormat),
);
