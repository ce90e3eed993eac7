import type { APIResponse } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { everyApiRoute } from "./support/routes";
import { mediumFund } from "./support/investors";

function expectCommonHeaders(response: APIResponse, label: string) {
  const headers = response.headers();
  expect(headers["referrer-policy"], label).toBe("no-referrer");
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  expect(headers["permissions-policy"], label).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
  expect(headers["cross-origin-opener-policy"], label).toBe("same-origin");
  expect(headers["x-powered-by"], label).toBeUndefined();
}

function expectCsp(response: APIResponse, label: string): string {
  const csp = response.headers()["content-security-policy"] ?? "";
  for (const directive of ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"]) {
    expect(csp, label).toContain(directive);
  }
  expect(csp, label).not.toContain("unsafe-eval");
  const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
  expect(nonce, label).toBeTruthy();
  return nonce!;
}

test("every page carries a nonce-based CSP and the security headers; its scripts carry the nonce", async ({
  request,
}) => {
  const { fundId, investors } = await mediumFund();
  const nonces = new Set<string>();
  for (const path of ["/funds", `/funds/${fundId}`, `/funds/${fundId}/investors/${investors[0]!.id}`, "/login"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expectCommonHeaders(response, path);
    const nonce = expectCsp(response, path);
    nonces.add(nonce);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, `${path} ${tag}`).toContain(`nonce="${nonce}"`);
  }
  expect(nonces.size, "a fresh nonce per response").toBe(4);
});

test("every API, CSV and static response carries the security headers, and no X-Powered-By", async ({ request }) => {
  const { fundId, investors } = await mediumFund();
  const investorId = investors[0]!.id;
  const paths = [
    ...everyApiRoute(fundId, investorId),
    `/api/funds/${fundId}/investor-rows?sort=commitment_amount.desc`,
    "/api/nope",
    "/api/funds/not-a-uuid",
    "/icon.svg",
  ];
  for (const path of paths) {
    const response = await request.get(path);
    expectCommonHeaders(response, path);
    if (path.startsWith("/api")) expect(response.headers()["cache-control"], path).toContain("no-store");
  }
  const page = await (await request.get("/funds")).text();
  const script = page.match(/src="(\/_next\/static\/[^"]+\.js)"/)?.[1];
  expect(script).toBeTruthy();
  expectCommonHeaders(await request.get(script!), script!);
});

test("a dashboard whose address is http sends no HSTS, whatever X-Forwarded-Proto a client claims", async ({
  request,
}) => {
  for (const headers of [{}, { "x-forwarded-proto": "https" }] as Record<string, string>[]) {
    for (const path of ["/funds", "/api/funds"]) {
      expect((await request.get(path, { headers })).headers()["strict-transport-security"], path).toBeUndefined();
    }
  }
});
