import { z } from "zod";
import { csvFormat } from "@/lib/csv/stream";
import { investorsCsvParsers } from "@/lib/directory/search-params";
import { apiRoute } from "@/lib/auth/api-route";
import { investorsFile } from "../investors-file";

// Every position of every fund (the fund's id and name first), or with ?group=investor the directory's view.
export const GET = apiRoute("GET /api/investors.csv", z.object({}), investorsCsvParsers, ({ query, request, user }) =>
  investorsFile(request, query, user, csvFormat),
);
