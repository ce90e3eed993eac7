// Every route of the manifest (app-routes.ts) as a request with real ids, for the suites that must reach them all
// (token, PII, headers): a route added under app/ is asked the day it is added, and a param no suite can fill is an
// error, never a route left out.
import pLimit from "p-limit";
import { type AppRoute, appRoutes, fillRoute } from "./app-routes";
import { type RawResponse, rawRequest } from "./raw-http";
import { pdfText, zipText } from "./pdf";
import { xlsxText } from "./xlsx";

/** What a GET route needs in its query to be a valid request; a search looks for `search`, a fund's notes `ids`. */
export function queryOf(template: string, search: string, ids: Record<string, string> = {}): string {
  const fund = encodeURIComponent(ids.fundId ?? "");
  if (template.endsWith("/sensitive")) return "?field=tax_id";
  if (template === "/api/search") return `?q=${encodeURIComponent(search)}`;
  if (/^\/api\/(investors|outstanding)\.(csv|xlsx)$/.test(template)) return "?partial=1";
  if (template === "/api/notes") return `?fundId=${fund}&investorId=${encodeURIComponent(ids.investorId ?? "")}`;
  if (template === "/api/notes/assignees") return `?fundId=${fund}`;
  if (/^\/api\/notes\.(csv|xlsx)$/.test(template)) return `?fund=${fund}`;
  // A fund's investor table's views: the fund is the page's.
  if (template === "/api/views") return `?page=${encodeURIComponent(`/funds/${ids.fundId ?? ""}`)}`;
  // This year so far: its statements close on the newest read, which a fresh store holds.
  if (/\/statements?\.(pdf|csv|xlsx|zip)$/.test(template)) return `?period=${new Date().getUTCFullYear()}`;
  return "";
}

export interface RouteCall {
  route: AppRoute;
  method: string;
  /** The path with its ids and, for a GET, its query. */
  path: string;
}

/** One call per route and method of the manifest (of `methods`); throws naming every template it cannot fill. */
export function routeCalls(ids: Record<string, string>, search: string, methods = ["GET"]): RouteCall[] {
  const unfilled: string[] = [];
  const calls = appRoutes().flatMap((route) =>
    route.methods
      .filter((method) => methods.includes(method))
      .flatMap((method) => {
        try {
          const query = method === "GET" ? queryOf(route.template, search, ids) : "";
          return [{ route, method, path: fillRoute(route.template, ids) + query }];
        } catch (error) {
          unfilled.push((error as Error).message);
          return [];
        }
      }),
  );
  if (unfilled.length > 0) throw new Error(`routes no call can reach:\n${unfilled.join("\n")}`);
  return calls;
}

export interface RouteAnswer {
  call: RouteCall;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as text; an xlsx file's every cell, one per line. */
  text: string;
}

const isFile = (call: RouteCall) => /\.(csv|xlsx|pdf|zip)$/.test(call.route.template);

// Told to come back (the person's export turns or queue full, by this walk or another spec): asked again.
const refused = (response: RawResponse) =>
  response.status === 429 || (response.status === 503 && response.headers["retry-after"] !== undefined);

/** One call's answer, asked again while the server says to retry. */
async function ask(base: string, cookie: string, call: RouteCall): Promise<RouteAnswer> {
  // A GET goes as the dashboard's own page sends it; another method without an origin, so the write is refused.
  const own: Record<string, string> = call.method === "GET" ? { origin: base, "sec-fetch-site": "same-origin" } : {};
  let response = await rawRequest(base, call.path, call.method, { cookie, ...own });
  for (let tries = 0; refused(response) && tries < 30; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    response = await rawRequest(base, call.path, call.method, { cookie, ...own });
  }
  const type = String(response.headers["content-type"] ?? "");
  const ok = response.status === 200;
  // A file's text as a person reads it: a sheet's cells, a PDF's text, a zip's entries.
  const text = !ok
    ? response.body
    : type.includes("spreadsheetml")
      ? await xlsxText(response.raw)
      : type.includes("application/pdf")
        ? await pdfText(response.raw)
        : type.includes("application/zip")
          ? await zipText(response.raw)
          : response.body;
  return { call, status: response.status, headers: response.headers, text };
}

/**
 * Asks every call with the session: two reads and one file at a time, within the three requests a person may run at
 * once (REQUEST_SLOTS 6, half for one person) and their two downloads.
 */
export function askAll(base: string, cookie: string, calls: RouteCall[], width = 2): Promise<RouteAnswer[]> {
  const [reads, files] = [pLimit(width), pLimit(1)];
  return Promise.all(calls.map((call) => (isFile(call) ? files : reads)(() => ask(base, cookie, call))));
}

/** On a server with local sign-in, single sign-on's routes answer 404: they are asked all the same. */
export const localSignInOnly: Record<string, number> = { "/auth/oidc/login": 404, "/auth/oidc/callback": 404 };

/** The answers whose status is an error, but those `expected` names (a template and the status it must give). */
export function failedAnswers(answers: RouteAnswer[], expected: Record<string, number> = {}): string[] {
  return answers
    .filter(({ call, status }) => {
      const want = expected[call.route.template];
      return want === undefined ? status >= 400 : status !== want;
    })
    .map(({ call, status }) => `${call.method} ${call.path}: ${status}`);
}

/** Which of `needles` occur in `text`: one pass of one pattern (a scan per needle took seconds over 70 MB of files). */
export function foundIn(text: string, needles: readonly string[]): string[] {
  if (needles.length === 0) return [];
  const pattern = new RegExp(needles.map((needle) => needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
  return [...new Set(text.match(pattern))];
}
