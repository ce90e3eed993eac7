import { z } from "zod";
import { apiRoute } from "@/lib/http/api-route";
import { allInvestorsCsv } from "@/lib/investors/server/all-investors-export";
import { parseAsFlag } from "@/lib/table/parsers";

// Every investor of every fund, the fund's id and name first; an upstream failure mid-way aborts the download.
export const GET = apiRoute(
  "GET /api/investors.csv",
  z.object({}),
  { sensitive: parseAsFlag, bom: parseAsFlag },
  ({ query, request, user }) => allInvestorsCsv(request, query, user),
);
