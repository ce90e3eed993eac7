/**
 * A state-changing request must come from our own pages. Browsers say so in Sec-Fetch-Site (Origin is
 * "null" on form posts under Referrer-Policy: no-referrer); other clients must send a matching Origin.
 */
export function sameOrigin(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  const origin = request.headers.get("origin");
  if (!host || !origin) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
