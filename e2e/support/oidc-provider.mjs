// A real OpenID Provider for the e2e run (panva's oidc-provider), on loopback: its dev login form takes any
// email as the account, so the tests can sign in as an allowed and as a refused person. Each account is in the
// group "fund-explorer-staff" until a test says otherwise: PUT /__test/accounts/<email> {"groups": [...]} sets its
// groups, {"gone": true} removes it (its refresh tokens are then refused).
import { createServer } from "node:http";
import Provider from "oidc-provider";

const port = Number(process.env.OIDC_PORT ?? 4012);
const redirect = process.env.OIDC_REDIRECT_URI ?? "http://127.0.0.1:3102/auth/oidc/callback";
const defaultGroups = ["fund-explorer-staff"];
/** @type {Map<string, { groups?: string[], gone?: boolean }>} */
const accounts = new Map();

const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [
    {
      client_id: "fund-explorer-e2e",
      client_secret: process.env.OIDC_CLIENT_SECRET ?? "e2e-oidc-client-secret",
      redirect_uris: [redirect],
      response_types: ["code"],
      grant_types: ["authorization_code", "refresh_token"],
    },
  ],
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"], groups: ["groups"] },
  async findAccount(_ctx, id) {
    if (accounts.get(id)?.gone) return undefined;
    return {
      accountId: id,
      claims: () => ({
        sub: id,
        email: id,
        email_verified: true,
        name: id.split("@")[0],
        groups: accounts.get(id)?.groups ?? defaultGroups,
      }),
    };
  },
  // This provider grants offline_access only with prompt=consent (the spec's letter); the dashboard asks for it
  // without, as most providers take it, so refresh tokens are issued to the client here regardless.
  issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
  // Every refresh answers with a new refresh token and retires the old one, as strict providers do.
  rotateRefreshToken: () => true,
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ["fund-explorer-e2e-cookie-key"] },
});
provider.proxy = true;
const handle = provider.callback();

async function setAccount(req, res, email) {
  let text = "";
  for await (const chunk of req) text += chunk;
  try {
    const body = JSON.parse(text);
    accounts.set(email, {
      groups: Array.isArray(body.groups) ? body.groups.map(String) : undefined,
      gone: !!body.gone,
    });
    res.writeHead(204).end();
  } catch {
    res.writeHead(400).end();
  }
}

createServer((req, res) => {
  const account = /^\/__test\/accounts\/([^/?]+)$/.exec(req.url ?? "");
  if (account && req.method === "PUT") return void setAccount(req, res, decodeURIComponent(account[1]));
  handle(req, res);
}).listen(port, "127.0.0.1", () => console.log(`oidc provider on http://127.0.0.1:${port}`));
