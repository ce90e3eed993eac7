import { expect, test } from "../support/fixtures";
import { rawExchange, rawRequest } from "../support/raw-http";
import { appLog, people, securityBase, securityFunds, sessionCookie } from "./support";

function expectJsonError(answer: { status: number; headers: string; body: string }, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers).toMatch(/content-type: application\/json/i);
  expect(typeof JSON.parse(answer.body).error).toBe("string");
}

test("a request target that is not a path (OPTIONS *, GET *, absolute form) gets 400 JSON", async () => {
  for (const line of ["OPTIONS * HTTP/1.1", "GET * HTTP/1.1", "GET http://evil.example/funds HTTP/1.1"]) {
    expectJsonError(await rawExchange(securityBase, `${line}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`), 400);
  }
});

test("an over-long request line gets 414 JSON and an over-long header block 431 JSON, at any size", async () => {
  for (const size of [20_000, 80_000]) {
    expectJsonError(
      await rawExchange(
        securityBase,
        `GET /api/funds?q=${"a".repeat(size)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      ),
      414,
    );
    expectJsonError(
      await rawExchange(
        securityBase,
        `GET /api/funds HTTP/1.1\r\nHost: x\r\nX-Junk: ${"a".repeat(size)}\r\nConnection: close\r\n\r\n`,
      ),
      431,
    );
  }
});

test("prototype names in any parameter are ordinary strings: 4xx JSON on API routes, pages answer, never 500", async () => {
  const { small } = await securityFunds();
  const cookie = await sessionCookie(people.olive, "127.15.0.1");
  for (const path of [
    `/api/funds/${small}/investor-rows?sort=__proto__.asc`,
    `/api/funds/${small}/investor-rows?q=__proto__&type=__proto__`,
    "/api/funds.csv?sort=constructor.asc",
  ]) {
    const response = await rawRequest(securityBase, path, "GET", { cookie });
    expect(response.status, path).toBeGreaterThanOrEqual(400);
    expect(response.status, path).toBeLessThan(500);
    expect(typeof JSON.parse(response.body).error).toBe("string");
  }
  for (const path of [
    `/funds?sort=__proto__&q=constructor`,
    `/funds/${small}?sort=__proto__.asc&type=toString&cols=__proto__`,
  ]) {
    expect((await rawRequest(securityBase, path, "GET", { cookie })).status, path).toBeLessThan(500);
  }
});

test("an email with a query string from the upstream is plain text, never a mailto link with a hidden BCC", async ({
  page,
}) => {
  const { small } = await securityFunds();
  const cookie = await sessionCookie(people.olive, "127.15.0.2");
  await page.context().addCookies([{ name: "fe_session", value: cookie.split("=")[1]!, url: securityBase }]);
  const rows = await rawRequest(
    securityBase,
    `/api/funds/${small}/investor-rows?q=${encodeURIComponent("?bcc=")}&limit=5`,
    "GET",
    { cookie },
  );
  const [hostile] = JSON.parse(rows.body).rows as { id: string; primary_contact: { email: string } }[];
  expect(hostile?.primary_contact.email).toMatch(/\?bcc=/);
  await page.goto(`${securityBase}/funds/${small}/investors/${hostile!.id}`);
  await expect(page.getByText(hostile!.primary_contact.email, { exact: true })).toBeVisible();
  expect(
    await page.locator('a[href^="mailto:"]').evaluateAll((links) => links.map((link) => link.getAttribute("href"))),
  ).not.toContainEqual(expect.stringMatching(/[?&%]/));
});

test("log lines stay one JSON object each, whatever a client puts in its headers", async () => {
  await rawExchange(
    securityBase,
    `GET /api/funds HTTP/1.1\r\nHost: x\r\nUser-Agent: "}\u2028{"event":"forged"}\r\nX-Note: \u0085line\r\nConnection: close\r\n\r\n`,
  );
  await rawExchange(securityBase, `GET /%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  // Next's own start-up note is the one line not ours.
  for (const line of appLog()
    .split("\n")
    .filter((text) => text && !text.includes("Running next.config"))) {
    expect(() => JSON.parse(line), line.slice(0, 120)).not.toThrow();
  }
  expect(appLog()).not.toContain('"event":"forged"');
});
