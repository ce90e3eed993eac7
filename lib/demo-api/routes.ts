// The four read-only operations of the spec, answered from the store as pre-serialized bytes.
import type { DemoPast } from "./past";
import type { DemoStore } from "./store";

export type RouteResult =
  /** investorsOf: the fund whose investor list this is (per-fund faults apply to those lists only). */
  | { status: 200; body: Buffer; isList: boolean; investorsOf?: string }
  | { status: 404; error: "Fund not available" | "Not Found" };

const NOT_FOUND = { status: 404, error: "Not Found" } as const;
const FUND_NOT_AVAILABLE = { status: 404, error: "Fund not available" } as const;

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Resolves a /customerapi path; paths outside the four operations are 404 Not Found. */
export function route(store: DemoStore, pathname: string): RouteResult {
  const parts = pathname.split("/");
  // ["", "customerapi", "funds", fundId?, "investors"?, investorId?]
  if (parts[1] !== "customerapi" || parts[2] !== "funds" || parts.length > 6) return NOT_FOUND;
  if (parts.length === 3) return { status: 200, body: store.fundsBody, isList: true };
  const fundId = decodeSegment(parts[3] ?? "");
  if (fundId === null || fundId === "") return NOT_FOUND;
  if (parts.length === 4) {
    const body = store.fundBody(fundId);
    return body === undefined ? FUND_NOT_AVAILABLE : { status: 200, body, isList: false };
  }
  if (parts[4] !== "investors") return NOT_FOUND;
  if (parts.length === 5) {
    const page = store.investorPage(fundId);
    return page === undefined
      ? FUND_NOT_AVAILABLE
      : { status: 200, body: page.body, isList: true, investorsOf: fundId };
  }
  const investorId = decodeSegment(parts[5] ?? "");
  if (investorId === null || investorId === "") return NOT_FOUND;
  // An unknown fund wins over an unknown investor, as the real service scopes investors by fund.
  if (store.fundBody(fundId) === undefined) return FUND_NOT_AVAILABLE;
  const page = store.investorPage(fundId);
  const range = page?.ranges.get(investorId);
  if (page === undefined || range === undefined) return NOT_FOUND;
  return { status: 200, body: page.body.subarray(range[0], range[1]), isList: false };
}

/** The past's index (`/__past`) and its days' reads (`/__past/<YYYY-MM-DD>/customerapi/...`), answered as JSON. */
export function routePast(past: DemoPast, pathname: string): { status: 200; json: unknown } | RouteResult {
  if (pathname === "/__past" || pathname === "/__past/") {
    return {
      status: 200,
      json: { days: past.days, changed: Object.fromEntries(past.days.map((day) => [day, past.changed(day)])) },
    };
  }
  const day = /^\/__past\/(\d{4}-\d{2}-\d{2})(\/customerapi\/.*)$/.exec(pathname);
  if (!day || !past.days.includes(day[1]!)) return NOT_FOUND;
  const parts = day[2]!.split("/");
  if (parts[2] !== "funds" || parts.length > 5 || (parts.length === 5 && parts[4] !== "investors")) return NOT_FOUND;
  if (parts.length === 3) return { status: 200, json: past.fundsAt(day[1]!) };
  const fundId = decodeSegment(parts[3] ?? "") ?? "";
  const value = parts.length === 4 ? past.fundAt(fundId, day[1]!) : past.investorsAt(fundId, day[1]!);
  return value === undefined ? FUND_NOT_AVAILABLE : { status: 200, json: value };
}
