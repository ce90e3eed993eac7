import "server-only";
import { readFileSync } from "node:fs";
import { z } from "zod";
import { EnvError, serverEnv } from "../../server/env";
import { roles, type Role } from "../types";
import { watchedConfig } from "./watched-config";
import { pluralOf } from "../../values/count";

// ACCESS_RULES_FILE: from a group (single sign-on's groups claim, the proxy's groups header) to a role and scopes.

const rulesSchema = z
  .array(
    // Strict: a misspelt key ("groups", "scope") is an error, never a rule that quietly grants something else.
    z.strictObject({
      group: z.string().trim().min(1).max(256),
      role: z.enum(roles),
      scopes: z.array(z.string().trim().min(1).max(200)).min(1, "scopes must name at least one scope"),
    }),
  )
  .superRefine((rules, ctx) => {
    const seen = new Set<string>();
    for (const rule of rules) {
      if (seen.has(rule.group)) ctx.addIssue({ code: "custom", message: `group ${rule.group} has two rules` });
      seen.add(rule.group);
    }
  });

export type AccessRule = z.infer<typeof rulesSchema>[number];

/** The rules file, checked; throws one readable line (a bad file stops the server at start). */
export function readRulesFile(file: string): AccessRule[] {
  let parsed: z.ZodSafeParseResult<AccessRule[]>;
  try {
    parsed = rulesSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  } catch (error) {
    throw new EnvError(`ACCESS_RULES_FILE ${file} could not be read as JSON (${(error as Error).name})`);
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `rule ${issue.path.join(".")}: ` : "";
    throw new EnvError(`ACCESS_RULES_FILE ${file}: ${where}${issue?.message}`);
  }
  return parsed.data;
}

/** The rules as the file says now (re-read when it changes; an unreadable edit grants nothing); null without one. */
export function accessRules(): readonly AccessRule[] | null {
  const file = serverEnv().ACCESS_RULES_FILE;
  if (!file) return null;
  return watchedConfig<readonly AccessRule[]>(file, {
    variable: "ACCESS_RULES_FILE",
    unreadableEvent: "access_rules_file_unreadable",
    read: readRulesFile,
    empty: [],
    entries: (rules) => rules,
  });
}

/** What the rules grant a person's groups, as written; null when no rule names one of them. */
export interface RulesMatch {
  role: Role;
  scopes: string[];
  grantedBy: string;
}

/**
 * A person has one role over one scope, so several matching rules give the highest role among them, over the
 * scopes of the rules that grant that role: never a role on funds no rule gave it for. Groups match exactly.
 */
export function matchRules(groups: readonly string[], rules: readonly AccessRule[]): RulesMatch | null {
  const matching = rules.filter((rule) => groups.includes(rule.group));
  if (matching.length === 0) return null;
  const role = roles[Math.max(...matching.map((rule) => roles.indexOf(rule.role)))]!;
  const granting = matching.filter((rule) => rule.role === role);
  const names = granting.map((rule) => rule.group).join(", ");
  return {
    role,
    scopes: [...new Set(granting.flatMap((rule) => rule.scopes))],
    grantedBy: `${pluralOf(granting.length, "rule")} ${names}`,
  };
}
