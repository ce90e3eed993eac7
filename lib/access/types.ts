// Who may do what (issue 28): roles, scopes and the closed set of actions the policy decides. Browser-safe.

import type { SignInMethod } from "../server/audit-types";

export type { SignInMethod };

/** Who a person is, as access is decided for them: their email, how they got in, the groups named for them. */
export interface Identity {
  email: string;
  name?: string;
  method: SignInMethod;
  /** The groups the provider or the proxy names now (single sign-on, proxy), for ACCESS_RULES_FILE. */
  groups?: readonly string[];
}

/** Each role adds to the one before: viewer ⊂ ops ⊂ admin. */
export const roles = ["viewer", "ops", "admin"] as const;
export type Role = (typeof roles)[number];

/** One (source, organization) pair a person may see; null is "any" (a whole source, or an organization anywhere). */
export interface ScopeEntry {
  source: string | null;
  organization: string | null;
}

/** What a person may see: everything, or the funds whose (source, organization) an entry covers. */
export type Scope = { all: true } | { all: false; entries: readonly ScopeEntry[] };

/** A person's role and scope, and where they come from (the users file, a rule, the demo, the server itself). */
export interface Access {
  role: Role;
  scope: Scope;
  /** Canonical text of the scope: people whose keys are equal may share what was computed for the scope. */
  scopeKey: string;
  /** Where the role and scope were granted: "users file", "rule fund-ops-northwind", "demo", "system". */
  grantedBy: string;
}

/** A fund as the policy sees it: which source it was read from and which organization it belongs to. */
export interface FundResource {
  source: string;
  organization: string | null;
}

/**
 * Every action the policy decides, and the resource each is decided on. A new action is added here and must then be
 * decided in policy.ts before anything compiles.
 */
export interface ActionResources {
  /** Browse a fund: its record, investors, history, changes, checks; masked. */
  "fund.read": FundResource;
  /** Download a masked file of a fund's data, or (null) of every fund in the person's scope. */
  "export.masked": FundResource | null;
  /** Reveal one full tax id or account number. */
  "secret.reveal": FundResource;
  /** Download a file with full tax ids and account numbers: of one fund, or (null) of every fund in scope. */
  "export.sensitive": FundResource | null;
  /** Delete a person's kept positions. */
  "person.forget": null;
  /** Read the audit trail's rows: one of a fund, or one about no fund (null). */
  "audit.read": FundResource | null;
  /** End a person's sessions. */
  "session.revoke": null;
  /** See who has which role and scope. */
  "access.read": null;
  /** Read the notes and follow-ups about a fund or an investor in it. */
  "note.read": FundResource;
  /** Write a note or a follow-up about a fund or an investor in it; edit or delete one's own. */
  "note.write": FundResource;
  /** Save a view of a table page, rename or delete one's own. */
  "view.save": null;
  /** Make a view listed to you your default for its page (your own preference, seen by nobody else). */
  "view.default": null;
  /** Delete a view someone else shared. */
  "view.remove-shared": null;
}

export type Action = keyof ActionResources;
