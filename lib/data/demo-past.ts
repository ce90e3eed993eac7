import "server-only";

// The embedded demo's past, read through the same client as every read (zod, masking): only the first start of a
// demo with an empty store asks for it (lib/fund-reads/server/demo-past.ts), never a real upstream.

export type { DemoPastIndex } from "../customer-api";
export { collectInvestorsAsOf, demoPastIndex, isDemoMode, listFundsAsOf } from "../customer-api";
