import { describe, expect, it } from "vitest";
import { testPrincipal } from "../testing/principal";
import { can } from "./policy";
import { parseScope } from "./scope";
import type { Action } from "./types";

const northwind = { source: "default", organization: "Northwind Partners" };
const acme = { source: "default", organization: "Acme Ventures" };
const scoped = parseScope(["Northwind Partners"], ["default"]);

describe("can", () => {
  it("lets a viewer browse and download masked files in scope, and nothing else", () => {
    const viewer = testPrincipal({ role: "viewer", scope: scoped });
    expect(can(viewer, "fund.read", northwind)).toBe(true);
    expect(can(viewer, "export.masked", northwind)).toBe(true);
    expect(can(viewer, "fund.read", acme)).toBe(false);
    expect(can(viewer, "secret.reveal", northwind)).toBe(false);
    expect(can(viewer, "export.sensitive", northwind)).toBe(false);
    expect(can(viewer, "person.forget", null)).toBe(false);
    expect(can(viewer, "audit.read", null)).toBe(false);
  });

  it("lets ops reveal and download sensitive files, only in scope", () => {
    const ops = testPrincipal({ role: "ops", scope: scoped });
    expect(can(ops, "secret.reveal", northwind)).toBe(true);
    expect(can(ops, "export.sensitive", northwind)).toBe(true);
    expect(can(ops, "secret.reveal", acme)).toBe(false);
    expect(can(ops, "session.revoke", null)).toBe(false);
  });

  it("lets admins forget, revoke and read access; audit rows about no fund only with everything in scope", () => {
    const admin = testPrincipal({ role: "admin", scope: scoped });
    expect(can(admin, "person.forget", null)).toBe(true);
    expect(can(admin, "session.revoke", null)).toBe(true);
    expect(can(admin, "access.read", null)).toBe(true);
    expect(can(admin, "audit.read", northwind)).toBe(true);
    expect(can(admin, "audit.read", acme)).toBe(false);
    expect(can(admin, "audit.read", null)).toBe(false);
    expect(can(testPrincipal({ role: "admin" }), "audit.read", null)).toBe(true);
  });

  it("lets viewers read notes and choose a default view; ops write notes and save views; admins remove shared ones", () => {
    const viewer = testPrincipal({ role: "viewer", scope: scoped });
    const ops = testPrincipal({ role: "ops", scope: scoped });
    expect(can(viewer, "note.read", northwind)).toBe(true);
    expect(can(viewer, "note.read", acme)).toBe(false);
    expect(can(viewer, "note.write", northwind)).toBe(false);
    expect(can(viewer, "view.save", null)).toBe(false);
    expect(can(viewer, "view.default", null)).toBe(true);
    expect(can(ops, "note.write", northwind)).toBe(true);
    expect(can(ops, "note.write", acme)).toBe(false);
    expect(can(ops, "view.save", null)).toBe(true);
    expect(can(ops, "view.remove-shared", null)).toBe(false);
    expect(can(testPrincipal({ role: "admin", scope: scoped }), "view.remove-shared", null)).toBe(true);
  });

  it("denies what it does not know: an unknown role or action", () => {
    const odd = testPrincipal({ role: "owner" as never });
    expect(can(odd, "fund.read", northwind)).toBe(false);
    expect(can(testPrincipal({ role: "admin" }), "fund.delete" as Action, northwind as never)).toBe(false);
  });
});
