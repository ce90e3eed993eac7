import "server-only";

// The store's API for alerts (issue 30): subscriptions and people, the events kept with each read, the outbox and its
// attempts, the daily digests. lib/alerts/server is its one caller.

export * from "./alerts-digests";
export * from "./alerts-events";
export * from "./alerts-outbox";
export * from "./alerts-subscriptions";
export type { KeptListFacts, StoreTx } from "./writes";
export type { StoreConnection } from "./connection";
