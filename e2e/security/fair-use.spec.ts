import { expect, test } from "../support/fixtures";
import { rawRequest } from "../support/raw-http";
import { people, securityBase, securityFunds, sessionCookie } from "./support";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(path: string, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await rawRequest(securityBase, path, "GET", { cookie });
  expect(response.status).toBe(200);
  return performance.now() - started;
}

test("200 views of a 50,000-investor fund that differ only by junk types leave another person's requests as fast", async () => {
  test.setTimeout(180_000);
  const { big } = await securityFunds();
  const olive = await sessionCookie(people.olive, "127.16.0.1");
  const otto = await sessionCookie(people.otto, "127.16.0.2");
  const page = `/api/funds/${big}/investor-rows?sort=commitment_amount.desc&limit=100`;
  // The list is held and Otto's view worked out before anything is measured (a cold fund answers "reading" first).
  await expect
    .poll(async () => JSON.parse((await rawRequest(securityBase, page, "GET", { cookie: otto })).body).complete, {
      timeout: 60_000,
    })
    .toBe(true);
  const idle: number[] = [];
  for (let i = 0; i < 21; i++) idle.push(await timed(page, otto));

  const statuses: number[] = [];
  const flood = (async () => {
    for (let i = 0; i < 200; i += 4) {
      const batch = [0, 1, 2, 3].map((j) =>
        rawRequest(securityBase, `/api/funds/${big}/investor-rows?type=individual,junk${i + j}&limit=100`, "GET", {
          cookie: olive,
        }),
      );
      statuses.push(...(await Promise.all(batch)).map((response) => response.status));
    }
  })();
  const loaded: number[] = [];
  while (statuses.length < 200) loaded.push(await timed(page, otto));
  await flood;

  expect(new Set(statuses)).toEqual(new Set([400]));
  // Within 2× of its idle time, with a floor of 50 ms for timer and scheduling noise on a loaded 2-core machine (25 ms
  // was met at 50.7 once): far below what 200 recomputed views cost another person (seconds).
  expect(median(loaded)).toBeLessThanOrEqual(2 * Math.max(median(idle), 50));
});
