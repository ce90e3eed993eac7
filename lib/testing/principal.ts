import { everything, scopeKey } from "../access/scope";
import type { Access } from "../access/types";
import type { SessionUser } from "../auth/session-token";

/** A signed-in person for tests: an ops user of everything unless told otherwise. */
export function testPrincipal(overrides: Partial<SessionUser & Access> = {}): SessionUser & Access {
  const scope = overrides.scope ?? everything;
  return {
    email: "ops@example.com",
    name: "Ops",
    sid: "s",
    method: "local",
    issuedAt: 0,
    role: "ops",
    grantedBy: "test",
    ...overrides,
    scope,
    scopeKey: scopeKey(scope),
  };
}
