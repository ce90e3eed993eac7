import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { smtpInbox, webhookReceiver } from "../lib/testing/alerts-parts";
import { type SpawnedApp, spawnApp } from "./security/spawn-app";
import { expect, test } from "./support/fixtures";

// Alerts as a person meets them (issue 30): they subscribe on /alerts, an investor pays (the demo API's
// /__demo/control bump), and the mail arrives once in an SMTP server this test runs, with both parts and a working
// unsubscribe, and the webhook once at a receiver on loopback that verifies it with standardwebhooks. Its own demo
// API and app, so the payment changes nobody else's data.

test.describe.configure({ mode: "serial" });

const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const ports = { app: 3120 + offset, upstream: 4030 + offset };
const token = `alerts.${process.env.E2E_UPSTREAM_TOKEN ?? "e2e"}`;
const upstream = `http://127.0.0.1:${ports.upstream}`;

let inbox: Awaited<ReturnType<typeof smtpInbox>>;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
let demo: ChildProcess;
let app: SpawnedApp;
let fund: { id: string; name: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function upstreamGet<T>(path: string): Promise<T> {
  const response = await fetch(`${upstream}/customerapi${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return (await response.json()) as T;
}

async function bump(fundId: string, investorId: string, amount: string) {
  const response = await fetch(`${upstream}/__demo/control`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ bump: { fundId, investorId, field: "contributed_amount", amount } }),
  });
  expect(response.status).toBe(200);
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  inbox = await smtpInbox();
  receiver = await webhookReceiver();
  // tsx as a loader of this very node, so stopping it stops the demo API (npx would leave a grandchild).
  demo = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "lib/demo-api/cli.ts",
      "--port",
      String(ports.upstream),
      "--admin",
      "--token",
      token,
      "--funds",
      "4",
    ],
    { stdio: "ignore" },
  );
  await expect
    .poll(async () => (await fetch(`${upstream}/__demo/control`).catch(() => null))?.status, {
      timeout: 60_000,
    })
    .toBe(200);
  const funds = await upstreamGet<{ id: string; legal_entity: { display_name: string } }[]>("/funds");
  fund = { id: funds[1]!.id, name: funds[1]!.legal_entity.display_name };
  rmSync(`.e2e/db/spawned-${ports.app}`, { recursive: true, force: true });
  app = await spawnApp(ports.app, {
    CUSTOMER_API_BASE_URL: upstream,
    CUSTOMER_API_TOKEN: token,
    DASHBOARD_USERS_FILE: "e2e/support/users.json",
    DASHBOARD_SESSION_SECRET: process.env.E2E_SESSION_SECRET!,
    DASHBOARD_PUBLIC_URL: `http://127.0.0.1:${ports.app}`,
    INVESTOR_LIST_REFRESH_SECONDS: "1",
    SMTP_URL: inbox.url,
    ALERTS_FROM: "Fund Explorer <alerts@fund-explorer.test>",
    ALERTS_WEBHOOK_ALLOW: receiver.host,
    ALERTS_POLL_MS: "300",
  });
});

test.afterAll(async () => {
  await app?.stop();
  demo?.kill("SIGTERM");
  await inbox?.close();
  await receiver?.close();
});

test("a person subscribes; a payment arrives once by email and by a verified webhook; Resend; unsubscribe", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${app.url}/alerts`);
  await expect(page.getByRole("heading", { name: "Alerts", level: 1 })).toBeVisible();
  const form = page.getByRole("form", { name: "New subscription" });
  await expect(form.getByLabel("Paid")).toBeChecked();
  await form.getByLabel("Fund", { exact: true }).selectOption({ label: fund.name });
  await expect(form.getByLabel("Email me")).toBeChecked();
  await form.getByLabel("Webhook URL (https)").fill(receiver.url());
  await form.getByRole("button", { name: "Subscribe" }).click();
  const secret = (await form.getByText(/^whsec_/).textContent())!;
  receiver.verifyWith(secret);
  const table = page.getByRole("table", { name: "Your subscriptions" });
  await expect(table.getByRole("row", { name: new RegExp(`Paid ${escapeRegExp(fund.name)}`) })).toContainText(
    `Email and Webhook http://${receiver.host}/…`,
  );
  await expect(table).not.toContainText("secret-path-token");

  // The fund is read (and kept), an investor pays 10,000.00, and the fund is read again.
  const investor = (
    await upstreamGet<{ id: string; investment_account: { display_name: string } }[]>(`/funds/${fund.id}/investors`)
  )[0]!;
  const rows = `${app.url}/api/funds/${fund.id}/investor-rows`;
  expect((await request.get(`${rows}?refresh=1`)).status()).toBe(200);
  await expect
    .poll(async () => (await request.get(`${app.url}/api/funds/${fund.id}/changes?since=1d`)).status())
    .toBe(200);
  await bump(fund.id, investor.id, "10000.00");
  await expect
    .poll(
      async () => {
        await request.get(`${rows}?refresh=1`);
        return inbox.mails.length + receiver.received.length;
      },
      { timeout: 45_000, intervals: [1_000] },
    )
    .toBe(2);

  const [mail] = inbox.mails;
  expect(mail!.subject).toBe(`Paid: ${investor.investment_account.display_name} in ${fund.name}`);
  expect(mail!.text).toMatch(/Contributed .* → .* \(\+10,000\.00\)/);
  expect(mail!.html).toMatch(/Contributed .* → .* \(\+10,000\.00\)/);
  expect(mail!.text).toContain(`${app.url}/changes?since=`);
  const header = (key: string) => mail!.headerLines.find((line) => line.key === key)?.line ?? "";
  expect(header("list-unsubscribe")).toContain(`${app.url}/api/alerts/unsubscribe?s=`);
  expect(header("list-unsubscribe-post")).toContain("List-Unsubscribe=One-Click");
  const [hook] = receiver.received;
  expect(hook!.verified).toMatchObject({
    type: "fund.paid",
    data: {
      fund: { id: fund.id, name: fund.name },
      changes: [{ field: "contributed_amount", difference: "10000.00" }],
    },
  });

  // The delivery log shows both; Resend posts the webhook again, with the same webhook-id.
  await page.reload();
  const log = page.getByRole("table", { name: "Delivery log" });
  await expect(log.getByRole("row", { name: /Delivered/ })).toHaveCount(2);
  const webhookRow = log.getByRole("row").filter({ hasText: "Webhook" });
  await webhookRow.getByRole("button", { name: /^Resend/ }).click();
  await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
  expect(receiver.received[1]!.headers["webhook-id"]).toBe(hook!.headers["webhook-id"]);
  expect(inbox.mails).toHaveLength(1);

  // The mail's unsubscribe link works without a session: the subscription keeps its webhook, no more email.
  const link = /Unsubscribe: (\S+)/.exec(mail!.text ?? "")![1]!;
  const anonymous = await page.context().browser()!.newContext();
  const visitor = await anonymous.newPage();
  await visitor.goto(link);
  await visitor.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(visitor.getByText("You are unsubscribed")).toBeVisible();
  await anonymous.close();
  await page.reload();
  await expect(table.getByRole("row", { name: new RegExp(`Paid ${escapeRegExp(fund.name)}`) })).toContainText(
    `Webhook http://${receiver.host}/…`,
  );
  await expect(table).not.toContainText("Email and");
  await bump(fund.id, investor.id, "-10000.00");
});

test("Watch on a fund page sets the form; the JSON API refuses a bad body naming the field, and deletes", async ({
  page,
  request,
}) => {
  await page.goto(`${app.url}/funds/${fund.id}`);
  await page.getByRole("link", { name: /^Watch this fund/ }).click();
  await expect(page).toHaveURL(new RegExp(`/alerts\\?fund=${fund.id}`));
  await expect(page.getByLabel("Fund", { exact: true })).toHaveValue(fund.id);

  const post = (data: unknown) =>
    request.post(`${app.url}/api/alerts`, {
      data,
      headers: { origin: app.url, "sec-fetch-site": "same-origin" },
    });
  const bad = await post({ kinds: ["paid"], webhook: { url: "https://127.0.0.1:9/x" } });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({
    error: "webhook.url: its host resolves to a loopback address",
    field: "webhook.url",
  });
  expect((await post({ kinds: ["paid"], email: true, digest: { hour: 25, timeZone: "UTC" } })).status()).toBe(400);
  const created = await post({
    kinds: ["called"],
    fundId: fund.id,
    email: true,
    digest: { hour: 8, timeZone: "Europe/Zurich" },
  });
  expect(created.status()).toBe(201);
  const { id, webhook } = (await created.json()) as { id: string; webhook: null };
  expect(webhook).toBeNull();
  const listed = (await (await request.get(`${app.url}/api/alerts`)).json()) as { subscriptions: { id: string }[] };
  expect(listed.subscriptions.map((subscription) => subscription.id)).toContain(id);
  // Another site may not make one.
  expect(
    (
      await request.post(`${app.url}/api/alerts`, {
        data: { kinds: ["paid"], email: true },
        headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      })
    ).status(),
  ).toBe(403);
  const deleted = await request.delete(`${app.url}/api/alerts/${id}`, {
    headers: { origin: app.url, "sec-fetch-site": "same-origin" },
  });
  expect(deleted.status()).toBe(204);
  expect(
    (
      await request.delete(`${app.url}/api/alerts/${id}`, {
        headers: { origin: app.url, "sec-fetch-site": "same-origin" },
      })
    ).status(),
  ).toBe(404);
  // No log line of the app carries the webhook's path.
  expect(app.output()).not.toContain("secret-path-token");
});
