// Whether every fund the upstream lists is in the organization-wide views: the directory, capital outstanding and
// the Overview, each asked as a person would (its JSON route, or the Overview's HTML), once the directory is complete.
import { proxyHeaders } from "./auth.mjs";
import { getJson, sleep, timedGet } from "./measure.mjs";

/** What a paged organization view (GET /api/investors, /api/outstanding) says of its funds. */
async function pagedView(url) {
  const page = await getJson(url, proxyHeaders);
  const { read, total } = page.progress;
  return {
    complete: page.complete,
    funds: read - page.failedCount,
    investors: page.total,
    note: `progress ${read} of ${total} funds tried, ${page.failedCount} failed, complete: ${page.complete}`,
  };
}

const textOf = (html) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
const whole = (text) => (text === undefined ? null : Number(text.replaceAll(",", "")));

/**
 * The Overview (GET /): its "Funds" total, and what its status says. While it says it is reading, only the funds read
 * so far count; the funds it says could not be read are left out.
 */
async function overview(url) {
  const res = await timedGet(`${url}/`, { headers: { ...proxyHeaders, accept: "text/html" }, keepBody: true });
  if (res.status !== 200) return { complete: false, funds: null, note: `GET / answered ${res.status}` };
  const text = textOf(res.body.toString("utf8"));
  const total = whole(/\bFunds ([\d,]+) Target\b/.exec(text)?.[1]);
  const reading = /Reading investors: ([\d,]+) of/.exec(text);
  const failed = /([\d,]+) funds? could not be read/.exec(text);
  const funds = total === null ? null : reading ? whole(reading[1]) : total - (failed ? whole(failed[1]) : 0);
  const status = reading
    ? `says "Reading investors: ${reading[1]} of …"`
    : failed
      ? `says ${failed[1]} could not be read`
      : "complete";
  return { complete: !reading && !failed, funds, note: `its Funds total ${total ?? "not found"}; ${status}` };
}

/**
 * Each view's funds once the directory is complete (each asked again, up to `waitMs`, until it says complete too),
 * against the upstream's fund list: { directory, outstanding, overview }, each { funds, note }.
 */
export async function fundsInViews(url, { waitMs = 60_000 } = {}) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const directory = await pagedView(`${url}/api/investors?offset=0&limit=1`);
    const outstanding = await pagedView(`${url}/api/outstanding?offset=0&limit=1`);
    const page = await overview(url);
    const views = { directory, outstanding, overview: page };
    if (Object.values(views).every((view) => view.complete) || Date.now() > deadline) return views;
    await sleep(1_000);
  }
}
