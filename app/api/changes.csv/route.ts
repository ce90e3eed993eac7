import { z } from "zod";
import { changesCsvParsers } from "@/lib/changes/search-params";
import { changesExport } from "@/lib/changes/server/export";
import { csvFormat } from "@/lib/csv/stream";
import { apiRoute } from "@/lib/auth/api-route";

// The view's changes as CSV, one row per changed field (masked values never written).
export const GET = apiRoute("GET /api/changes.csv", z.object({}), changesCsvParsers, ({ query, request, user }) =>
  changesExport(request, query, user, csvFormat),
);
