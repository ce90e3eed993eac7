import { expect, test } from "../support/fixtures";
import { rawRequest } from "../support/raw-http";
import { people, securityBase, securityFunds, sessionCookie } from "./support";

const sameOrigin = { "sec-fetch-site": "same-origin" };

test("a viewer's reveal answers 403 JSON and is a refused row of the audit trail, which a viewer cannot find", async () => {
  // The embedded store has one connection: rows and reads wait while the 50,000-investor list is being kept.
  test.setTimeout(120_000);
  const { small } = await securityFunds();
  const vera = await sessionCookie(people.vera, "127.18.0.1");
  const refused = await rawRequest(
    securityBase,
    `/api/funds/${small}/sensitive?field=tax_id`,
    "GET",
    { cookie: vera, ...sameOrigin },
    { from: "127.18.0.1" },
  );
  expect(refused.status).toBe(403);
  expect(refused.headers["content-type"]).toMatch(/^application\/json/);
  expect(JSON.parse(refused.body)).toEqual({
    error: "Your role does not allow revealing tax ids and account numbers.",
  });
  const requestId = refused.headers["x-request-id"];
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

  // An admin finds the refusal: who, which fund, the request it came with and where from.
  const ada = await sessionCookie(people.ada, "127.18.0.2");
  const query = `person=${encodeURIComponent(people.vera.email)}&action=policy_refusal&fund=${small}`;
  await expect
    .poll(
      async () => {
        const page = await rawRequest(securityBase, `/api/audit?${query}`, "GET", { cookie: ada });
        return (JSON.parse(page.body) as { rows: Record<string, unknown>[] }).rows[0];
      },
      { timeout: 90_000 },
    )
    .toMatchObject({
      actor: people.vera.email,
      method: "local",
      action: "policy_refusal",
      outcome: "refused",
      fundId: small,
      requestId,
      clientAddress: "127.18.0.1",
      detail: "tax_id: secret.reveal refused to role viewer",
    });

  // To a viewer the trail is what an unknown address is: the same 404, as JSON and as a page.
  const unknown = await rawRequest(securityBase, "/api/no-such-route", "GET", { cookie: vera });
  for (const path of ["/api/audit", "/api/audit.csv"]) {
    const hidden = await rawRequest(securityBase, path, "GET", { cookie: vera });
    expect(hidden.status, path).toBe(404);
    expect(hidden.body, path).toBe(unknown.body);
  }
  const page = await rawRequest(securityBase, "/audit", "GET", { cookie: vera });
  expect(page.status).toBe(404);
  expect(page.body).toContain("Page not found");
});
