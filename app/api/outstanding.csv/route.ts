import { z } from "zod";
import { apiRoute } from "@/lib/http/api-route";
import { outstandingCsvParsers } from "@/lib/outstanding/search-params";
import { outstandingCsv } from "@/lib/outstanding/server/export";

// The outstanding positions of the view as CSV, in its order.
export const GET = apiRoute(
  "GET /api/outstanding.csv",
  z.object({}),
  outstandingCsvParsers,
  ({ query, request, user }) => outstandingCsv(request, query, user),
);
