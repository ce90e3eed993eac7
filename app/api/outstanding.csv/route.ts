import { z } from "zod";
import { csvFormat } from "@/lib/csv/stream";
import { apiRoute } from "@/lib/auth/api-route";
import { outstandingCsvParsers } from "@/lib/outstanding/search-params";
import { outstandingExport } from "@/lib/outstanding/server/export";

// The outstanding positions of the view as CSV, in its order.
export const GET = apiRoute(
  "GET /api/outstanding.csv",
  z.object({}),
  outstandingCsvParsers,
  ({ query, request, user }) => outstandingExport(request, query, user, csvFormat),
);
