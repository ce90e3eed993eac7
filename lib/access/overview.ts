import type { Role } from "./types";

// What /access shows (issue 28): who has which role and scope, and what granted it. Browser-safe types.

export interface PersonAccess {
  email: string;
  name: string | null;
  /** How they are let in: a local user, or a person single sign-on or the proxy let in (or refused) lately. */
  method: "local" | "oidc" | "proxy";
  /** Null: nothing grants them any access (they are refused). */
  role: Role | null;
  /** The scope as read ("everything", "Northwind Partners"). */
  scope: string;
  /** "users file", "rule fund-ops-northwind". */
  grantedBy: string;
  /** When they were last let in or refused (ms); null for a local user (the file grants them, not a sign-in). */
  at: number | null;
}

export interface RuleAccess {
  group: string;
  role: Role;
  scope: string;
}

export interface AccessOverview {
  users: PersonAccess[];
  /** Null without ACCESS_RULES_FILE (single sign-on and proxy people are viewers of everything). */
  rules: RuleAccess[] | null;
  recent: PersonAccess[];
}
