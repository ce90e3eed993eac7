import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Identity as SessionUser } from "../types";

const env = vi.hoisted(() => ({}) as Record<string, unknown>);
vi.mock("../../server/env", async (original) => ({
  ...(await original<typeof import("../../server/env")>()),
  serverEnv: () => env,
}));

const { accessOf } = await import("./access");

const dir = mkdtempSync(join(tmpdir(), "fe-access-"));
const hash = "$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA";
const usersFile = join(dir, "users.json");
writeFileSync(
  usersFile,
  JSON.stringify([
    { email: "Olive@example.com", passwordHash: hash, role: "ops", scopes: ["Northwind Partners", "default/Acme"] },
    { email: "old@example.com", passwordHash: hash },
  ]),
);
const rulesFile = join(dir, "rules.json");
writeFileSync(
  rulesFile,
  JSON.stringify([
    { group: "staff", role: "viewer", scopes: ["*"] },
    { group: "fund-admins", role: "admin", scopes: ["*"] },
  ]),
);

const person = (method: SessionUser["method"], email: string, groups?: string[]): SessionUser => ({
  email,
  method,
  groups,
});

describe("accessOf", () => {
  beforeEach(() => {
    for (const key of Object.keys(env)) delete env[key];
    env.DASHBOARD_USERS_FILE = usersFile;
  });

  it("gives the demo admin of everything, and the server's own principals nothing from a session", () => {
    expect(accessOf(person("demo", "demo"))).toMatchObject({ role: "admin", scope: { all: true }, grantedBy: "demo" });
    expect(accessOf(person("system", "system:warm-start/default"))).toBeNull();
  });

  it("gives a local user the users file's role and scopes; one without a role is a viewer of everything", () => {
    expect(accessOf(person("local", "olive@example.com"))).toEqual({
      role: "ops",
      scope: {
        all: false,
        entries: [
          { source: null, organization: "Northwind Partners" },
          { source: "default", organization: "Acme" },
        ],
      },
      scopeKey: JSON.stringify(["*/northwind partners", "default/acme"]),
      grantedBy: "users file",
    });
    expect(accessOf(person("local", "old@example.com"))).toMatchObject({ role: "viewer", scope: { all: true } });
    expect(accessOf(person("local", "gone@example.com"))).toBeNull();
  });

  it("makes single sign-on and proxy people viewers of everything without ACCESS_RULES_FILE", () => {
    for (const method of ["oidc", "proxy"] as const) {
      expect(accessOf(person(method, "ana@example.com", ["fund-admins"]))).toMatchObject({
        role: "viewer",
        scope: { all: true },
        grantedBy: "no ACCESS_RULES_FILE: viewer of everything",
      });
    }
  });

  it("maps single sign-on and proxy people's groups through the rules, and lets in nobody no rule names", () => {
    env.ACCESS_RULES_FILE = rulesFile;
    for (const method of ["oidc", "proxy"] as const) {
      expect(accessOf(person(method, "ana@example.com", ["staff", "fund-admins"]))).toMatchObject({
        role: "admin",
        scope: { all: true },
        grantedBy: "rule fund-admins",
      });
      expect(accessOf(person(method, "ana@example.com", ["staff"]))).toMatchObject({ role: "viewer" });
      expect(accessOf(person(method, "ana@example.com", ["other"]))).toBeNull();
      expect(accessOf(person(method, "ana@example.com"))).toBeNull();
    }
  });
});
