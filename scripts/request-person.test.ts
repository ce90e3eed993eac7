import { describe, expect, it } from "vitest";
import { sealSession } from "../lib/auth/session-token";
import { personOf } from "./request-person.mjs";

const secret = "a-session-secret-of-at-least-32-characters";
const env = { DASHBOARD_SESSION_SECRET: secret };

describe("personOf", () => {
  it("names the person of a valid session cookie, whichever address it comes from", async () => {
    const token = await sealSession({ email: "Olive@Example.com", method: "local" }, secret, 3600);
    expect(await personOf({ cookie: `theme=dark; fe_session=${token}` }, "10.0.0.1", env)).toBe(
      "user:olive@example.com",
    );
    expect(await personOf({ cookie: `__Host-fe_session=${token}` }, "10.0.0.2", env)).toBe("user:olive@example.com");
  });

  it("a forged or foreign cookie names only the client's address", async () => {
    const foreign = await sealSession(
      { email: "eve@example.com", method: "local" },
      "another-secret-of-32-characters-x",
      3600,
    );
    expect(await personOf({ cookie: `fe_session=${foreign}` }, "10.0.0.3", env)).toBe("address:10.0.0.3");
    expect(await personOf({ cookie: "fe_session=forged" }, "10.0.0.3", env)).toBe("address:10.0.0.3");
    expect(await personOf({}, "10.0.0.4", env)).toBe("address:10.0.0.4");
  });

  it("believes the authenticating proxy's user header only with its secret", async () => {
    const proxied = { DASHBOARD_PROXY_SECRET: "proxy-secret", DASHBOARD_PROXY_USER_HEADER: "X-Remote-User" };
    const headers = { "x-remote-user": "olive", "x-dashboard-proxy-secret": "proxy-secret" };
    expect(await personOf(headers, "10.0.0.5", proxied)).toBe("proxy:olive");
    expect(await personOf({ ...headers, "x-dashboard-proxy-secret": "wrong" }, "10.0.0.5", proxied)).toBe(
      "address:10.0.0.5",
    );
  });
});
