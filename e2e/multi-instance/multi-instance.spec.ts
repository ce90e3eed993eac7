import type { MultiInstance } from "../../scripts/multi-instance.mjs";
import { expect, test } from "../support/fixtures";
import { postSignIn } from "../support/raw-http";
import { scrollToEnd } from "../support/table";
import { get, olive, servedBy, signIn, signOut, startStack, upstreamFaults, upstreamGet } from "./support";

// Two production instances behind a plain round-robin proxy, sharing one Redis, as the README deploys them.
test.describe.configure({ mode: "serial" });

let stack: MultiInstance;
let big: string;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startStack();
  const funds = await upstreamGet<{ id: string; investor_count: number }[]>(stack, "/funds");
  big = funds.find((fund) => fund.investor_count === 10_000)!.id;
});
test.afterAll(async () => stack?.stop());

test("two instances warming up, serving the directory and every fund page read each fund's list from the upstream once", async () => {
  test.setTimeout(120_000);
  const funds = await upstreamGet<{ id: string }[]>(stack, "/funds");
  const listReads = async () => {
    const stats = (await (await fetch(`${stack.upstreamUrl}/__demo/stats`)).json()) as {
      paths: Record<string, number>;
    };
    return Object.fromEntries(
      funds.map((fund) => [fund.id, stats.paths[`/customerapi/funds/${fund.id}/investors`] ?? 0]),
    );
  };
  const cookie = await signIn(stack.apps[0]!.url, "127.40.0.9");
  const complete = async (base: string, path: string) =>
    expect.poll(async () => JSON.parse((await get(base, path, cookie)).body).complete, { timeout: 60_000 }).toBe(true);
  // Both instances build the directory at once, then each serves every fund's table.
  await Promise.all(stack.apps.map((app) => complete(app.url, "/api/investors?limit=10")));
  for (const app of stack.apps)
    for (const fund of funds) await complete(app.url, `/api/funds/${fund.id}/investor-rows?limit=10`);
  const after = await listReads();
  // Each fund's list was asked of the upstream once since the stack started (both warm-ups included): the other
  // instance took what the first one kept.
  expect(after).toEqual(Object.fromEntries(funds.map((fund) => [fund.id, 1])));
});

test("scrolling a 10,000-investor table to its end through the proxy gets every row once, and no 409", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const cookie = await signIn(stack.proxyUrl, "127.40.0.1");
  await page.context().addCookies([{ name: "fe_session", value: cookie.split("=")[1]!, url: stack.proxyUrl }]);
  const pages: { status: number; by: string; offset: number; ids: string[] }[] = [];
  page.on("response", async (response) => {
    if (!response.url().includes("/investor-rows")) return;
    const body = response.ok() ? ((await response.json()) as { offset: number; rows: { id: string }[] }) : null;
    pages.push({
      status: response.status(),
      by: (await response.allHeaders())["x-served-by"] ?? "?",
      offset: body?.offset ?? -1,
      ids: body?.rows.map((row) => row.id) ?? [],
    });
  });
  await page.goto(`${stack.proxyUrl}/funds/${big}`);
  const table = page.getByRole("table", { name: "Investors" });
  await scrollToEnd(page.getByRole("region", { name: "Investors (scrollable)" }), table);
  // The first page may be asked again while a cold instance is still reading the list (it then has no version);
  // the later pages are what must cover the rest exactly once.
  const later = () => pages.filter((p) => p.offset !== 0);
  await expect.poll(() => later().reduce((rows, p) => rows + p.ids.length, 0)).toBe(9_900);

  expect(pages.filter((p) => p.status !== 200)).toEqual([]);
  expect(new Set(pages.map((p) => p.by))).toEqual(new Set(["0", "1"]));
  // The first 100 rows came with the page; the rest follow on, each once, none left out.
  const first = JSON.parse(
    (await get(stack.proxyUrl, `/api/funds/${big}/investor-rows?offset=0&limit=100`, cookie)).body,
  );
  const seen = [...first.rows.map((row: { id: string }) => row.id), ...later().flatMap((p) => p.ids)];
  expect(
    later()
      .map((p) => p.offset)
      .sort((a, b) => a - b),
  ).toEqual(Array.from({ length: 33 }, (_, i) => 100 + 300 * i));
  const upstreamIds = (await upstreamGet<{ id: string }[]>(stack, `/funds/${big}/investors`)).map((i) => i.id);
  expect(seen).toHaveLength(10_000);
  expect(new Set(seen)).toEqual(new Set(upstreamIds));
});

test("a session signed out through one instance is refused by the other", async () => {
  const [a, b] = stack.apps.map((app) => app.url) as [string, string];
  const cookie = await signIn(a, "127.40.0.2");
  expect((await get(b, "/api/funds", cookie)).status).toBe(200);
  const out = await signOut(a, cookie);
  expect(out.status).toBe(303);
  expect(String(out.headers["set-cookie"])).toMatch(/Max-Age=0/);
  expect((await get(b, "/api/funds", cookie)).status).toBe(401);
  expect((await get(b, `/funds/${big}`, cookie)).status).toBe(303);
  expect((await get(a, "/api/funds", cookie)).status).toBe(401);
});

test("6 failed sign-ins for one account, spread over both instances, get 429 on the 6th", async () => {
  const wrong = { email: olive.email, password: "not the password" };
  const answers = [];
  for (let i = 0; i < 6; i++) answers.push(await postSignIn(stack.proxyUrl, wrong, "127.40.0.3"));
  expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429]);
  expect(new Set(answers.map(servedBy))).toEqual(new Set(["0", "1"]));
  expect(Number(answers[5]!.headers["retry-after"])).toBeGreaterThan(0);
});

test("the reveal limit (30 a minute per person) holds across both instances", async () => {
  const cookie = await signIn(stack.proxyUrl, "127.40.0.4");
  const reveal = () =>
    get(stack.proxyUrl, `/api/funds/${big}/sensitive?field=tax_id`, cookie, { "sec-fetch-site": "same-origin" });
  const answers = [];
  for (let i = 0; i < 30; i++) answers.push(await reveal());
  expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  expect(new Set(answers.map(servedBy))).toEqual(new Set(["0", "1"]));
  const over = await reveal();
  expect(over.status).toBe(429);
  expect(JSON.parse(over.body).error).toMatch(/Too many reveals/);
});

test("/healthz and /readyz answer without a session, reveal nothing, and /readyz is 503 while the upstream hangs", async () => {
  test.setTimeout(60_000);
  for (const base of [stack.proxyUrl, ...stack.apps.map((app) => app.url)]) {
    const health = await get(base, "/healthz");
    expect([health.status, JSON.parse(health.body)]).toEqual([200, { status: "ok" }]);
    const ready = await get(base, "/readyz");
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toMatchObject({ status: "ready", checks: { store: "ok", upstream: "ok" } });
    for (const secret of [stack.token, new URL(stack.upstreamUrl).port, "redis://", "fe-"])
      expect(ready.body).not.toContain(secret);
  }
  await upstreamFaults(stack, { hang: 1 });
  try {
    for (const app of stack.apps) {
      await expect
        .poll(async () => (await get(app.url, "/readyz")).status, { timeout: 15_000, intervals: [500] })
        .toBe(503);
      const down = JSON.parse((await get(app.url, "/readyz")).body);
      expect(down).toMatchObject({ status: "not ready", error: "The Customer API did not answer within 3 s." });
      expect((await get(app.url, "/healthz")).status).toBe(200);
    }
  } finally {
    await upstreamFaults(stack, { hang: 0 });
  }
  for (const app of stack.apps)
    await expect
      .poll(async () => (await get(app.url, "/readyz")).status, { timeout: 15_000, intervals: [500] })
      .toBe(200);
});

test("with Redis stopped, sign-in answers 503 while a signed-in session browses; restarted, sign-in works again", async () => {
  test.setTimeout(90_000);
  const [a, b] = stack.apps.map((app) => app.url) as [string, string];
  const browsing = await signIn(stack.proxyUrl, "127.40.0.5");
  const leaving = await signIn(stack.proxyUrl, "127.40.0.5");
  await stack.stopRedis();
  try {
    const refused = [
      await postSignIn(stack.proxyUrl, olive, "127.40.0.6"),
      await postSignIn(stack.proxyUrl, olive, "127.40.0.6"),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([503, 503]);
    expect(new Set(refused.map(servedBy))).toEqual(new Set(["0", "1"]));
    expect(JSON.parse(refused[0]!.body).error).toMatch(/cannot check its limits/);
    expect(Number(refused[0]!.headers["retry-after"])).toBeGreaterThan(0);

    for (const base of [a, b]) {
      expect((await get(base, "/api/funds", browsing)).status).toBe(200);
      expect((await get(base, `/funds/${big}`, browsing)).status).toBe(200);
      const reveal = await get(base, `/api/funds/${big}/sensitive?field=tax_id`, browsing, {
        "sec-fetch-site": "same-origin",
      });
      expect(reveal.status).toBe(503);
      expect(JSON.parse((await get(base, "/readyz")).body)).toMatchObject({
        status: "not ready",
        error: "The shared store (Redis) is unreachable.",
      });
    }
    // Sign-out clears the cookie at once, and that instance refuses the session from then on.
    const out = await signOut(a, leaving);
    expect([out.status, String(out.headers["set-cookie"])]).toEqual([303, expect.stringMatching(/Max-Age=0/)]);
    expect((await get(a, "/api/funds", leaving)).status).toBe(401);
  } finally {
    await stack.startRedis();
  }
  // Both instances reconnect by themselves: sign-in works on each, and the sign-out made meanwhile reaches the other.
  await expect
    .poll(
      async () =>
        (await Promise.all([0, 1].map(() => postSignIn(stack.proxyUrl, olive, "127.40.0.7")))).map((r) => r.status),
      {
        timeout: 20_000,
        intervals: [500],
      },
    )
    .toEqual([200, 200]);
  await expect.poll(async () => (await get(b, "/api/funds", leaving)).status, { timeout: 10_000 }).toBe(401);
  expect((await get(b, "/api/funds", browsing)).status).toBe(200);
  for (const base of [a, b]) expect((await get(base, "/readyz")).status).toBe(200);
});
