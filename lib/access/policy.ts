import { inScope } from "./scope";
import type { Access, Action, ActionResources, Role } from "./types";

// The one policy: who may do what, on what. Deny by default; every action of ActionResources is decided here.

const rank: Record<Role, number> = { viewer: 0, ops: 1, admin: 2 };

/** Whether the role is at least `least` (each role adds to the one before). */
export function hasRole(person: Pick<Access, "role">, least: Role): boolean {
  return (rank[person.role] ?? -1) >= rank[least];
}

type Rule<A extends Action> = (person: Access, resource: ActionResources[A]) => boolean;

const rules: { [A in Action]: Rule<A> } = {
  "fund.read": (person, fund) => hasRole(person, "viewer") && inScope(person.scope, fund),
  // A file of every fund (null) holds only the funds in the person's scope: lib/data reads no others.
  "export.masked": (person, fund) => hasRole(person, "viewer") && (fund === null || inScope(person.scope, fund)),
  "secret.reveal": (person, fund) => hasRole(person, "ops") && inScope(person.scope, fund),
  "export.sensitive": (person, fund) => hasRole(person, "ops") && (fund === null || inScope(person.scope, fund)),
  "person.forget": (person) => hasRole(person, "admin"),
  // A row about no fund (a sign-in, a rule changed) is for admins of everything.
  "audit.read": (person, fund) =>
    hasRole(person, "admin") && (fund === null ? person.scope.all : inScope(person.scope, fund)),
  "session.revoke": (person) => hasRole(person, "admin"),
  "access.read": (person) => hasRole(person, "admin"),
  // Notes are the team's work on a record: whoever may browse the fund reads them; ops and admins write.
  "note.read": (person, fund) => hasRole(person, "viewer") && inScope(person.scope, fund),
  "note.write": (person, fund) => hasRole(person, "ops") && inScope(person.scope, fund),
  "view.save": (person) => hasRole(person, "ops"),
  "view.default": (person) => hasRole(person, "viewer"),
  "view.remove-shared": (person) => hasRole(person, "admin"),
};

/** May this person do this action on this resource? False for anything not decided above. */
export function can<A extends Action>(person: Access, action: A, resource: ActionResources[A]): boolean {
  const rule = rules[action] as Rule<A> | undefined;
  return rule !== undefined && rule(person, resource) === true;
}
