import { z } from "zod";
import { investorsCsvParsers } from "@/lib/directory/search-params";
import { apiRoute } from "@/lib/auth/api-route";
import { investorsFile } from "../investors-file";
import { xlsxFormat } from "@/lib/xlsx/server/xlsx-format";

// The investors.csv twin as an Excel workbook: every position of every fund, or with ?group=investor the directory.
export const GET = apiRoute("GET /api/investors.xlsx", z.object({}), investorsCsvParsers, ({ query, request, user }) =>
  investorsFile(request, query, user, xlsxFormat),
);
