import { z } from "zod";
import { auditCsvParsers } from "@/lib/audit/search-params";
import { auditExport } from "@/lib/audit/server/export";
import { csvFormat } from "@/lib/csv/stream";
import { apiRoute } from "@/lib/auth/api-route";

// The audit trail's view as CSV, every row of it, newest first.
export const GET = apiRoute("GET /api/audit.csv", z.object({}), auditCsvParsers, ({ query, request, user }) =>
  auditExport(request, query, user, csvFormat),
);
