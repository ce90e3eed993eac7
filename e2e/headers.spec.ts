import { randomUUID } from "node:crypto";
import type { APIResponse } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { mediumFund } from "./support/investors";
import { rawExchange, rawRequest } from "./support/raw-http";
import { askAll, failedAnswers, localSignInOnly, routeCalls } from "./support/route-walk";
import { sessionCookieHeader } from "./support/session";

// A JSON answer, a file, a script or an error may load and run nothing, and be framed by no one.
const strictCsp = "default-src 'none'; frame-ancestors 'none'";
const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** What is wrong with one answer's headers: the common ones, and the page policy for a page, else the strict one. */
function headerProblems(label: string, headers: Record<string, string | string[] | undefined>, page: boolean) {
  const problems: string[] = [];
  const expected: Record<string, string | RegExp | undefined> = {
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "permissions-policy": /camera=\(\).*microphone=\(\).*geolocation=\(\)/,
    "cross-origin-opener-policy": "same-origin",
    "x-powered-by": undefined,
  };
  for (const [name, want] of Object.entries(expected)) {
    const value = headers[name] === undefined ? undefined : String(headers[name]);
    const ok = want instanceof RegExp ? want.test(value ?? "") : value === want;
    if (!ok) problems.push(`${label}: ${name} is ${value}`);
  }
  const csp = String(headers["content-security-policy"] ?? "none");
  const pagePolicy = /^default-src 'self'; script-src 'self' 'nonce-[^']+' 'strict-dynamic';/.test(csp);
  if (page ? !pagePolicy : csp !== strictCsp) problems.push(`${label}: ${page ? "not the page policy" : "CSP"} ${csp}`);
  return problems;
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
    expect(headerProblems(path, response.headers(), true)).toEqual([]);
    const nonce = expectCsp(response, path);
    nonces.add(nonce);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, `${path} ${tag}`).toContain(`nonce="${nonce}"`);
  }
  expect(nonces.size, "a fresh nonce per response").toBe(4);
});

test("every route of the manifest, every method, answers with the security headers and a CSP: pages the nonce policy, the rest default-src 'none'", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { fundId, investors } = await mediumFund();
  // A real directory key: the first row of the directory as soon as it has one.
  let key = "";
  await expect
    .poll(async () => {
      const page = (await (await request.get("/api/investors?limit=1")).json()) as { rows: { key: string }[] };
      return (key = page.rows[0]?.key ?? "");
    })
    .not.toBe("");
  // A write goes without an origin and is refused before it does anything, so [id] needs no subscription of ours.
  const ids = { fundId, investorId: investors[0]!.id, key, id: randomUUID() };
  const answers = await askAll(baseURL!, sessionCookieHeader(), routeCalls(ids, "a", methods));
  expect(answers.filter(({ call }) => call.route.kind === "page").length).toBeGreaterThan(10);
  expect(
    failedAnswers(
      answers.filter(({ call }) => call.method === "GET"),
      localSignInOnly,
    ),
  ).toEqual([]);
  const problems = answers.flatMap(({ call, status, headers }) => [
    ...headerProblems(`${call.method} ${call.path} (${status})`, headers, call.route.kind === "page"),
    ...(call.path.startsWith("/api/") && !String(headers["cache-control"]).includes("no-store")
      ? [`${call.path}: cache-control ${headers["cache-control"]}`]
      : []),
  ]);
  expect(problems).toEqual([]);
});

test("error answers, the request gate's refusals, the health check and static files carry the strict CSP", async ({
  request,
  baseURL,
}) => {
  const base = baseURL!;
  const cookie = sessionCookieHeader();
  const line = (target: string, header = "") =>
    `GET ${target} HTTP/1.1\r\nHost: x\r\n${header}Connection: close\r\n\r\n`;
  const page = await (await request.get("/funds")).text();
  const script = page.match(/src="(\/_next\/static\/[^"]+\.js)"/)?.[1];
  expect(script).toBeTruthy();
  const asked = {
    "404 JSON of an unknown API route": rawRequest(base, "/api/nope", "GET", { cookie }),
    "400 JSON of a bad id": rawRequest(base, "/api/funds/not-a-uuid", "GET", { cookie }),
    "405 of a method a route does not answer": rawRequest(base, "/api/funds", "DELETE", { cookie }),
    "401 JSON without a session": rawRequest(base, "/api/funds", "GET"),
    "413 of a body over 4 KB": rawRequest(base, "/auth/login", "POST", {}, { body: "x".repeat(5_000) }),
    "411 of a chunked body": rawRequest(
      base,
      "/auth/login",
      "POST",
      { "transfer-encoding": "chunked" },
      { body: "{}" },
    ),
    healthz: rawRequest(base, "/healthz", "GET"),
    "a script": rawRequest(base, script!, "GET"),
    "an icon": rawRequest(base, "/icon.svg", "GET"),
    "a screenshot": rawRequest(base, "/screenshots/fund-page.png", "GET"),
    "a static file that does not exist": rawRequest(base, "/_next/static/nope.js", "GET"),
  };
  const problems: string[] = [];
  for (const [label, answer] of Object.entries(asked)) {
    const { status, headers } = await answer;
    problems.push(...headerProblems(`${label} (${status})`, headers, false));
  }
  // Refused before Next: by the request gate (a bad target, an address over 8 KB, headers over 16 KB) or, past Node's
  // own limits, by the server's parser-error answer.
  const refusals = {
    "400 of a target that is not a path": "OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    "400 of a bad escape": line("/api/%zz"),
    "400 of a dot segment": line("/api/../api/funds"),
    "414 of a long address": line(`/api/funds?q=${"a".repeat(20_000)}`),
    "414 of an address past Node's limit": line(`/api/funds?q=${"a".repeat(80_000)}`),
    "431 of large headers": line("/api/funds", `X-Junk: ${"a".repeat(20_000)}\r\n`),
    "431 of headers past Node's limit": line("/api/funds", `X-Junk: ${"a".repeat(80_000)}\r\n`),
  };
  for (const [label, text] of Object.entries(refusals)) {
    const answer = await rawExchange(base, text);
    const headers = Object.fromEntries(
      answer.headers
        .split("\r\n")
        .slice(1)
        .map((header) => [
          header.slice(0, header.indexOf(":")).toLowerCase(),
          header.slice(header.indexOf(":") + 1).trim(),
        ]),
    );
    problems.push(...headerProblems(`${label} (${answer.status})`, headers, false));
  }
  expect(problems).toEqual([]);
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
