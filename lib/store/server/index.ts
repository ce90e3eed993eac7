import "server-only";
import { defaultConnection } from "./connection";
import { vacuumModel } from "./model-upkeep";
import type { StoreStatus } from "./status";

export { StoreConnection, type StoreConfig } from "./connection";
export {
  type KeptList,
  keptFundRecord,
  keptInvestor,
  latestFundsList,
  keptListStart,
  latestKeptList,
  latestKeptLists,
  type RecordShape,
  unkeptFunds,
} from "./reads";
export { type OrgFailure, type OrgMissing, orgMissing, type OrgState, orgState, scopeFunds } from "./org-state";
export {
  type InvestorFilter,
  type InvestorPage,
  investorBatches,
  investorPage,
  investorTypes,
  organizationTypes,
} from "./org-directory";
export { type KeptPositionSlice, keptPositionSlices } from "./org-positions-file";
export { investorByKey, type OrgFundName, type OrgInvestor, type OrgPosition, searchOrganization } from "./org-search";
export {
  outstandingBatches,
  outstandingEmails,
  outstandingFunds,
  type OutstandingPage,
  outstandingPage,
  type OutstandingView,
} from "./org-outstanding";
export { type FundFacts, fundFacts, type OrgOverview, orgOverview, scopeWidths } from "./org-overview";
export {
  listedFunds,
  noteKeptRead,
  noteRound,
  retireOtherSources,
  type SourceRound,
  sourceRound,
  triedSince,
} from "./org-sources";
export { type Cursor, CursorMismatch, decodeCursor } from "./keyset";
export {
  type AmountKey,
  changesSince,
  type FundComparison,
  type FundFigureKey,
  fundFigureKeys,
  type KeptRead,
  type PositionChange,
} from "./changes";
export {
  fundFiguresHistory,
  type HistoryFundKey,
  historyFundKeys,
  type HistoryPoint,
  type HistoryPositionKey,
  historyPositionKeys,
  positionHistory,
  positionsHistory,
} from "./history";
export { type ContributedDay, contributedByDay } from "./contributed";
export {
  type LineSum,
  type StatementPosition,
  type StatementRead,
  type StatementReads,
  type StatementSortKey,
  type StatementSums,
  statementPosition,
  statementPositions,
  statementReads,
  statementRows,
  statementSortKeys,
  statementSums,
} from "./statements";
export type { StatementRow, StoreScope } from "../model";
export { heldRead } from "./generation";
export { type AuditEvent, type AuditEventFields, genesisHash } from "./audit-chain";
export { appendAuditEvent, pruneAuditEvents } from "./audit";
export { type AuditFilter, type AuditPage, auditEventBatches, auditEventsPage } from "./audit-reads";
export { type ChainBreak, type ChainCheck, verifyAuditChain } from "./audit-verify";
export { keptSeenAt, taxKeysOfEmail } from "./lookups";
export { tryWithJobLock, withFundReadLock } from "./locks";
export { type StoreDriver, type StoreStatus, StoreUnavailable } from "./status";
export { type Forgotten, forgetPeople, pruneReads, storeBytes } from "./upkeep";
export {
  type AfterKept,
  type KeptListFacts,
  recordFund,
  recordFundsList,
  recordInvestorList,
  recordReadFailure,
  type StoreTx,
} from "./writes";
export { type KeptWrite, recordReads } from "./batch-writes";
export { loadGrant, removeGrant, saveGrant } from "./grants";

/** The process's store as it stands; never opens it. */
export function storeStatus(): StoreStatus {
  return defaultConnection().status();
}

/**
 * Whether the process's store was an embedded folder not made yet when the process first used it: a start then has
 * no kept reads to wait for (the folder's initdb took 6.4 s of a first start's 33 s at 100,000 positions).
 */
export function storeStartsEmpty(): boolean {
  return defaultConnection().startsEmpty;
}

/** Opens the process's store (idempotent); resolves even when it is unavailable, and the status says why. */
export function openStore(): Promise<void> {
  return defaultConnection().open();
}

/** Closes the pool, and the embedded store's process (which releases its folder). */
export async function closeStore(): Promise<void> {
  await defaultConnection().close();
}

/** After a round of reads: the read model's small tables vacuumed, and its big ones when much of them changed. */
export function maintainModel(): Promise<void> {
  return vacuumModel(defaultConnection());
}
