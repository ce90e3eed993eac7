// A real OpenID Provider for the e2e run (panva's oidc-provider), on loopback: its dev login form takes any
// email as the account, so the tests can sign in as an allowed and as a refused person.
import Provider from "oidc-provider";

const port = Number(process.env.OIDC_PORT ?? 4012);
const redirect = process.env.OIDC_REDIRECT_URI ?? "http://127.0.0.1:3102/auth/oidc/callback";

const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [
    {
      client_id: "fund-explorer-e2e",
      client_secret: process.env.OIDC_CLIENT_SECRET ?? "e2e-oidc-client-secret",
      redirect_uris: [redirect],
      response_types: ["code"],
      grant_types: ["authorization_code"],
    },
  ],
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
  async findAccount(_ctx, id) {
    return {
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: true, name: id.split("@")[0] }),
    };
  },
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ["fund-explorer-e2e-cookie-key"] },
});
provider.proxy = true;
provider.listen(port, "127.0.0.1", () => console.log(`oidc provider on http://127.0.0.1:${port}`));
