import { z } from "zod";
import { investorsCsvParsers } from "@/lib/directory/search-params";
import { directoryCsv } from "@/lib/directory/server/export";
import { apiRoute } from "@/lib/http/api-route";
import { BadRequest } from "@/lib/http/errors";
import { allInvestorsCsv } from "@/lib/investors/server/all-investors-export";

// Every position of every fund (the fund's id and name first), or with ?group=investor the directory's view.
export const GET = apiRoute("GET /api/investors.csv", z.object({}), investorsCsvParsers, ({ query, request, user }) => {
  const { group, sort, q, type, partial, sensitive, bom } = query;
  if (group === "investor") {
    if (sensitive) throw new BadRequest("The directory's file has no sensitive fields: leave out sensitive.");
    return directoryCsv(request, { sort, q, type, partial, bom }, user);
  }
  if (sort || q || type.length > 0)
    throw new BadRequest("sort, q and type apply to the directory's file: add group=investor.");
  return allInvestorsCsv(request, { sensitive, partial, bom }, user);
});
