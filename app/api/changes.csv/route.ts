import { z } from "zod";
import { changesCsvParsers } from "@/lib/changes/search-params";
import { changesCsv } from "@/lib/changes/server/export";
import { apiRoute } from "@/lib/http/api-route";

// The view's changes as CSV, one row per changed field (masked values never written).
export const GET = apiRoute("GET /api/changes.csv", z.object({}), changesCsvParsers, ({ query, request, user }) =>
  changesCsv(request, query, user),
);
