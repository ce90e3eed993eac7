import "server-only";

// The store's API for working as a team (issue 45): notes and follow-ups, saved views. lib/notes and lib/views are
// its callers; capital outstanding's follow-up column is part of its own query (org-outstanding.ts).

export * from "./team-follow-ups";
export * from "./team-notes";
export * from "./team-views";
export type { StoreConnection } from "./connection";
