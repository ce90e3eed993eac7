import { readFileSync, writeFileSync } from "node:fs";
import { expect, test } from "../support/fixtures";
import { postSignIn, rawRequest } from "../support/raw-http";
import { everyApiRoute } from "../support/routes";
import { spawnApp } from "./spawn-app";
import { people, securityBase, securityFunds, sessionCookie, usersFile } from "./support";
import { ports } from "../playwright.config";

const pagesOf = (fundId: string, investorId: string) => [
  "/funds",
  `/funds/${fundId}`,
  `/funds/${fundId}/investors/${investorId}`,
];

async function refusedEverywhere(cookie: string, fundId: string, investorId: string) {
  for (const path of everyApiRoute(fundId, investorId)) {
    const response = await rawRequest(securityBase, path, "GET", { cookie, "sec-fetch-site": "same-origin" });
    expect(response.status, path).toBe(401);
    expect(JSON.parse(response.body).error, path).toMatch(/Sign in/);
  }
  for (const path of pagesOf(fundId, investorId)) {
    const response = await rawRequest(securityBase, path, "GET", { cookie });
    expect(response.status, path).toBe(303);
    expect(response.headers.location, path).toMatch(/^\/login\?next=/);
  }
}

test("a signed-out session is refused at once by every API route (401 JSON) and every page (to /login)", async () => {
  const { small } = await securityFunds();
  const investorId = crypto.randomUUID();
  const cookie = await sessionCookie(people.olive, "127.11.0.1");
  expect((await rawRequest(securityBase, `/funds/${small}`, "GET", { cookie })).status).toBe(200);
  const out = await rawRequest(securityBase, "/auth/logout", "POST", { cookie, "sec-fetch-site": "same-origin" });
  expect(out.status).toBe(303);
  expect(String(out.headers["set-cookie"])).toMatch(/fe_session=;.*Max-Age=0/);
  await refusedEverywhere(cookie, small, investorId);
});

test("a local user removed from the users file loses access on the next request, reveal included", async () => {
  const { small } = await securityFunds();
  const investorId = crypto.randomUUID();
  const cookie = await sessionCookie(people.lee, "127.11.0.2");
  expect((await rawRequest(securityBase, "/api/funds", "GET", { cookie })).status).toBe(200);
  const original = readFileSync(usersFile, "utf8");
  try {
    const kept = (JSON.parse(original) as { email: string }[]).filter((user) => user.email !== people.lee.email);
    writeFileSync(usersFile, JSON.stringify(kept));
    await refusedEverywhere(cookie, small, investorId);
  } finally {
    writeFileSync(usersFile, original);
  }
});

test("sign-in redirects stay on this site: tab, newline, backslash, encoded and absolute targets land on /funds", async () => {
  const targets = [
    "/\t/evil.example",
    "/\n/evil.example",
    "/\\evil.example",
    "//evil.example",
    "/.//evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "\\\\evil.example",
  ];
  for (const [index, next] of targets.entries()) {
    const response = await postSignIn(securityBase, { ...people.olive, next }, `127.11.1.${index + 1}`);
    expect(JSON.parse(response.body).next, JSON.stringify(next)).toBe("/funds");
  }
  // The same targets as a link to the sign-in page would carry them, %-encoded in its query.
  const cookie = await sessionCookie(people.olive, "127.11.0.3");
  for (const query of [
    "/%09/evil.example",
    "/%0A/evil.example",
    "/%0D%0A/evil.example",
    "/%5Cevil.example",
    "%2F%2Fevil.example",
    "/.//evil.example",
    "https://evil.example",
    "javascript:alert(1)",
  ]) {
    const response = await rawRequest(securityBase, `/login?next=${query}`, "GET", { cookie });
    expect(response.headers.location, query).toBe("/funds");
  }
  const kept = await postSignIn(securityBase, { ...people.olive, next: "/funds/x?sort=name.asc" }, "127.11.0.4");
  expect(JSON.parse(kept.body).next).toBe("/funds/x?sort=name.asc");
});

test("prototype names in parameters are ordinary strings: /login?error=__proto__ is a page, not a 500", async () => {
  for (const query of [
    "error=__proto__",
    "error=constructor",
    "next=__proto__",
    "signedOut=toString",
    "error=hasOwnProperty",
  ]) {
    const response = await rawRequest(securityBase, `/login?${query}`, "GET");
    expect(response.status, query).toBe(200);
  }
});

test("over https (DASHBOARD_PUBLIC_URL), the session cookie is __Host- and Secure, and every answer carries HSTS", async () => {
  const app = await spawnApp(ports.httpsApp, {
    DASHBOARD_USERS_FILE: "e2e/support/security-users.json",
    DASHBOARD_SESSION_SECRET: process.env.E2E_SESSION_SECRET ?? "",
    DASHBOARD_PUBLIC_URL: "https://dash.example",
  });
  try {
    const signIn = (origin: string) =>
      rawRequest(
        app.url,
        "/auth/login",
        "POST",
        { "content-type": "application/json", origin },
        {
          from: "127.11.2.1",
          body: JSON.stringify(people.olive),
        },
      );
    // Over https the dashboard's origin is the configured one, not whatever Host the request names.
    expect((await signIn(app.url)).status).toBe(403);
    const response = await signIn("https://dash.example");
    expect(response.status).toBe(200);
    const cookie = String([response.headers["set-cookie"]].flat()[0]);
    expect(cookie).toMatch(/^__Host-fe_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    for (const path of ["/api/funds", "/login", "/icon.svg", "/api/nope", "*"]) {
      const answer = await rawRequest(app.url, path === "*" ? "/%zz" : path, "GET");
      expect(answer.headers["strict-transport-security"], path).toMatch(/max-age=\d+/);
    }
  } finally {
    await app.stop();
  }
});
