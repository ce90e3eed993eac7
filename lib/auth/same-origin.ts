import "server-only";
import { publicUrl } from "../server/public-url";

/**
 * Whether a request comes from the dashboard's own pages: the browser says so in Sec-Fetch-Site (Origin is
 * "null" on form posts under Referrer-Policy: no-referrer); a client that sends no Sec-Fetch-Site must send an
 * Origin equal to the dashboard's (DASHBOARD_PUBLIC_URL's, else this request's own host).
 */
export function sameOrigin(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const origin = request.headers.get("origin");
  if (!origin) return false;
  let given: URL;
  try {
    given = new URL(origin);
  } catch {
    return false;
  }
  const own = publicUrl();
  return own ? given.origin === own.origin : given.host === request.headers.get("host");
}
