import { z } from "zod";
import { apiRoute } from "@/lib/http/api-route";
import { allInvestorsCsv, allInvestorsQuery } from "@/lib/csv/exports";
import { csvParamsOf } from "@/lib/csv/params";

// Every investor of every fund, the fund's id and name first; an upstream failure mid-way aborts the download.
export const GET = apiRoute("GET /api/investors.csv", z.object({}), (_params, request, user) =>
  allInvestorsCsv(request, csvParamsOf(request), user), {
  query: allInvestorsQuery,
});
