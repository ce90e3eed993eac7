import { connect } from "node:net";
import { expect, test } from "../support/fixtures";
import { rawRequest } from "../support/raw-http";
import { spawnApp } from "./spawn-app";
import { securityFunds, upstreamGet } from "./support";
import { ports } from "../playwright.config";

const secret = "proxy-secret-for-the-e2e-run-0123456789";

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host, () => (socket.destroy(), resolve(true)));
    socket.on("error", () => resolve(false));
  });
}

test("behind an authenticating proxy (DASHBOARD_AUTH=none) it listens on loopback only and believes only the proxy", async () => {
  const app = await spawnApp(ports.openApp, {
    DASHBOARD_AUTH: "none",
    DASHBOARD_PROXY_USER_HEADER: "X-Forwarded-Email",
    DASHBOARD_PROXY_GROUPS_HEADER: "X-Forwarded-Groups",
    DASHBOARD_PROXY_SECRET: secret,
    // The proxy's groups name the role: an admin of everything may reveal.
    ACCESS_RULES_FILE: "e2e/support/access-rules.json",
  });
  try {
    expect(app.output()).toContain(`"url":"http://127.0.0.1:${ports.openApp}"`);
    expect(await connects("127.0.0.1", ports.openApp)).toBe(true);
    // Another address of this machine's loopback: not listened on.
    expect(await connects("127.0.0.2", ports.openApp)).toBe(false);

    const ana = { "x-forwarded-email": "ana@example.com", "x-forwarded-groups": "fund-explorer-admins" };
    for (const headers of [{}, ana, { ...ana, "x-dashboard-proxy-secret": "wrong" }]) {
      const response = await rawRequest(app.url, "/api/funds", "GET", headers);
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(typeof JSON.parse(response.body).error).toBe("string");
      expect((await rawRequest(app.url, "/funds", "GET", headers)).status).toBe(401);
    }
    const proxied = { ...ana, "x-dashboard-proxy-secret": secret };
    expect((await rawRequest(app.url, "/api/funds", "GET", proxied)).status).toBe(200);
    expect((await rawRequest(app.url, "/funds", "GET", proxied)).status).toBe(200);

    // Audit lines name the person the proxy vouched for.
    const { small } = await securityFunds();
    const [investor] = await upstreamGet<{ id: string }[]>(`/funds/${small}/investors`);
    const reveal = await rawRequest(
      app.url,
      `/api/funds/${small}/investors/${investor!.id}/sensitive?field=tax_id`,
      "GET",
      {
        ...proxied,
        "sec-fetch-site": "same-origin",
      },
    );
    expect(reveal.status).toBe(200);
    expect(app.output()).toMatch(/"event":"audit_reveal","user":"ana@example.com"/);
  } finally {
    await app.stop();
  }
});
