// Whether a request comes from a phone, by the hints every phone browser sends: Chromium's `Sec-CH-UA-Mobile: ?1`,
// or "Mobi" in the user agent (Safari, Firefox, and Chromium where client hints are off). Only a guess for the first
// render: CSS and the screen decide once the page has hydrated.
export function isPhoneRequest(headers: { get(name: string): string | null }): boolean {
  const hint = headers.get("sec-ch-ua-mobile");
  if (hint === "?1") return true;
  if (hint === "?0") return false;
  return /Mobi/.test(headers.get("user-agent") ?? "");
}
