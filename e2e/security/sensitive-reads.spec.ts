import { request } from "node:http";
import { expect, test } from "../support/fixtures";
import { rawRequest } from "../support/raw-http";
import { appLog, people, securityBase, securityFunds, sessionCookie, upstreamCounts, upstreamGet } from "./support";

const crossSite: Record<string, string>[] = [
  { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
  { "sec-fetch-site": "same-site" },
  { "sec-fetch-site": "none" },
  { origin: "https://evil.example" },
  {},
];

test("a reveal or a sensitive export asked for by another site (or a typed-in link) gets 403 JSON and no upstream call", async () => {
  const { untouched } = await securityFunds();
  const [investor] = await upstreamGet<{ id: string }[]>(`/funds/${untouched}/investors`);
  const cookie = await sessionCookie(people.olive, "127.14.0.1");
  const reads = [
    `/api/funds/${untouched}/sensitive?field=tax_id`,
    `/api/funds/${untouched}/investors/${investor!.id}/sensitive?field=account_number`,
    `/api/funds/${untouched}/investors.csv?sensitive=1`,
    "/api/funds.csv?sensitive=1",
    "/api/investors.csv?sensitive=1",
  ];
  // Only these probes name this fund, so its reads can be counted while other probes run beside them.
  const readsOfFund = async () => Object.entries(await upstreamCounts()).filter(([path]) => path.includes(untouched));
  const before = await readsOfFund();
  for (const path of reads) {
    for (const headers of crossSite) {
      const response = await rawRequest(securityBase, path, "GET", { cookie, ...headers });
      expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
      expect(JSON.parse(response.body).error).toMatch(/only to this dashboard's own pages/);
    }
  }
  expect(await readsOfFund()).toEqual(before);

  // From the dashboard's own page (same-origin, or a script sending the dashboard's Origin) they are served.
  const own = await rawRequest(securityBase, reads[1]!, "GET", { cookie, "sec-fetch-site": "same-origin" });
  expect(own.status).toBe(200);
  const script = await rawRequest(securityBase, reads[2]!, "GET", { cookie, origin: securityBase });
  expect(script.status).toBe(200);
  // Every text cell is quoted, so no value can start a new cell whatever separator a spreadsheet's locale uses.
  for (const line of script.body.trim().split("\r\n")) expect(line.startsWith('"'), line.slice(0, 40)).toBe(true);
  const audits = appLog()
    .split("\n")
    .filter((line) => line.includes('"audit_sensitive_export"') && line.includes(untouched));
  expect(audits.some((line) => line.includes('"phase":"start"') && line.includes(people.olive.email))).toBe(true);
  expect(audits.some((line) => line.includes('"phase":"done"'))).toBe(true);
});

test("a sensitive export is audited when it starts, and again when it is cancelled part-way", async () => {
  test.setTimeout(90_000);
  const { big } = await securityFunds();
  const cookie = await sessionCookie(people.olive, "127.14.0.2");
  const file = `${big}-investors-`;
  await new Promise<void>((resolve, reject) => {
    const req = request(`${securityBase}/api/funds/${big}/investors.csv?sensitive=1`, {
      headers: { cookie, "sec-fetch-site": "same-origin" },
    });
    req.on("response", (res) => {
      expect(res.statusCode).toBe(200);
      // The first chunk arrives, then the person cancels the download.
      res.once("data", () => {
        req.destroy();
        resolve();
      });
    });
    req.on("error", (error) => ((error as NodeJS.ErrnoException).code === "ECONNRESET" ? resolve() : reject(error)));
    req.end();
  });
  await expect
    .poll(
      () =>
        appLog()
          .split("\n")
          .filter(
            (line) =>
              line.includes('"audit_sensitive_export"') && line.includes(file) && line.includes(people.olive.email),
          ),
      { timeout: 20_000 },
    )
    .toEqual([expect.stringContaining('"phase":"start"'), expect.stringMatching(/"phase":"cancelled","rows":\d+/)]);
});
