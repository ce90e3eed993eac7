import { createParser, createSearchParamsCache } from "nuqs/server";
import { isFundRef } from "../values/fund-ref";
import { isId } from "../values/ids";

// /alerts's URL: the fund and investor a "Watch" button prefills the form with (/alerts?fund=…&investor=…).
// Anything else, or a malformed value, is ignored.

const parseAsFundRef = createParser<string>({ parse: (value) => (isFundRef(value) ? value : null), serialize: String });
const parseAsInvestorId = createParser<string>({ parse: (value) => (isId(value) ? value : null), serialize: String });

export const alertsPageParsers = { fund: parseAsFundRef, investor: parseAsInvestorId };

let cache: ReturnType<typeof createSearchParamsCache<typeof alertsPageParsers>> | undefined;

/** The page's reading of its URL. */
export function alertsPageCache() {
  return (cache ??= createSearchParamsCache(alertsPageParsers));
}

/** The "Watch" link of a fund, or of one investor of a fund. */
export function watchHref(fundId: string, investorId?: string): string {
  const query = new URLSearchParams({ fund: fundId, ...(investorId ? { investor: investorId } : {}) });
  return `/alerts?${query}#subscribe`;
}
