import "server-only";
import { createHash } from "node:crypto";
import Big from "big.js";
import { LRUCache } from "lru-cache";
import { investorChangesOf, kindsOf } from "../../changes/investor-changes";
import { fingerprintOf, sourceNames } from "../../data/sources";
import { onListKept } from "../../fund-reads/server/kept-hooks";
import { serverEnv } from "../../server/env";
import { logLine } from "../../server/log";
import { processWide } from "../../server/process-wide";
import {
  anySubscription,
  type ConditionRow,
  insertAlertEvents,
  type KeptListFacts,
  lockedConditions,
  type NewAlertEvent,
  positionChangesBetween,
  saveConditions,
  type StoreTx,
} from "../../store/server/alerts";
import type { EventDetail } from "../types";
import { conditionNames, observe, type Observation, stepCondition } from "./conditions";
import { wakeSoon } from "./wake";

// Events from the kept reads (issue 30, item 2): when a fund's investor list is kept, each change since the read
// before (one investor, one kind, as /changes classifies it) and each condition's change of state becomes an event,
// written in the same transaction as the read: a read rolled back leaves no event, one committed leaves all of them.

/** An event's id: a hash of what it is (the fund's store key, the investor, the kind, the two reads). */
export function eventId(...parts: (string | number | null)[]): string {
  return `evt_${createHash("sha256").update(parts.map(String).join("\u0000")).digest("base64url").slice(0, 27)}`;
}

/** The source whose current fingerprint a store key carries; null for another token's or address's. */
async function sourceOfKey(fundKey: string): Promise<string | null> {
  const fingerprint = fundKey.slice(0, fundKey.indexOf(":"));
  for (const source of sourceNames()) if ((await fingerprintOf(source)) === fingerprint) return source;
  return null;
}

/** The fund's name as the directory gives it: display name, else legal name, else its id. */
function fundNameOf(fund: Record<string, unknown> | null, fundId: string): string {
  const entity = (fund?.legal_entity ?? {}) as { display_name?: unknown; legal_name?: unknown };
  const name = [entity.display_name, entity.legal_name].find((value) => typeof value === "string" && value.trim());
  return typeof name === "string" ? name.trim() : fundId;
}

// A list seen again has the same content: its observation is the one worked out for that digest.
const observed = () =>
  processWide("alerts-observed", () => new LRUCache<string, Record<string, Observation> | false>({ max: 2_000 }));

function observationsOf(facts: KeptListFacts): Record<string, Observation> | null {
  const key = `${facts.fundKey}:${facts.digest}:${new Date(facts.readAt).toISOString().slice(0, 10)}`;
  const held = observed().get(key);
  if (held !== undefined) return held || null;
  const tolerance = new Big(serverEnv().RECONCILIATION_OWNERSHIP_TOLERANCE);
  const records = facts.investors.map((investor) => investor.record);
  const made = observe(facts.fund, records, facts.readAt, tolerance);
  observed().set(key, made ?? false);
  return made;
}

/** The changes between the read before and this one, an event per investor and kind. */
async function changeEvents(
  tx: StoreTx,
  facts: KeptListFacts,
  where: { source: string; fundId: string; fundName: string },
): Promise<NewAlertEvent[]> {
  if (facts.kept !== "new" || facts.previousReadId === null) return [];
  const { previousReadAt, positions } = await positionChangesBetween(tx, facts.previousReadId, facts.readId);
  return investorChangesOf(positions).flatMap((investor) =>
    [...new Set(kindsOf(investor))].map((kind) => {
      const detail: EventDetail = {
        fundName: where.fundName,
        investorName: investor.name,
        fields: investor.fields.filter((field) => field.kind === kind),
        commitment: investor.commitment,
        readAt: facts.readAt.toISOString(),
        previousReadAt: previousReadAt?.toISOString() ?? null,
        condition: null,
      };
      return {
        id: eventId(facts.fundKey, investor.investorId, kind, facts.previousReadId, facts.readId),
        fundKey: facts.fundKey,
        source: where.source,
        fundId: where.fundId,
        investorId: investor.investorId,
        kind,
        beforeReadId: facts.previousReadId,
        afterReadId: facts.readId,
        at: facts.readAt,
        detail,
      };
    }),
  );
}

type Kept = { facts: KeptListFacts; where: { source: string; fundId: string; fundName: string } };

/** Each condition's step at these reads (their rows locked, a batch at once), and an event for what is told. */
async function conditionEvents(tx: StoreTx, lists: readonly Kept[]): Promise<NewAlertEvent[]> {
  const observing = lists.flatMap((list) => {
    const observations = observationsOf(list.facts);
    return observations ? [{ ...list, observations }] : [];
  });
  const keyOf = (fundKey: string, condition: string) => `${fundKey}\u0000${condition}`;
  const locked = await lockedConditions(
    tx,
    observing.flatMap(({ facts, where }) =>
      conditionNames.map((condition) => ({
        fundKey: facts.fundKey,
        condition,
        source: where.source,
        fundId: where.fundId,
        at: facts.readAt,
      })),
    ),
  );
  const rows = new Map(locked.map((row) => [keyOf(row.fundKey, row.condition), row]));
  const saved: ConditionRow[] = [];
  const events: NewAlertEvent[] = [];
  for (const { facts, where, observations } of observing) {
    for (const condition of conditionNames) {
      const row = rows.get(keyOf(facts.fundKey, condition))!;
      const step = stepCondition(row, condition, observations[condition]!, facts.readId, facts.readAt);
      saved.push({ ...step.row, detail: { ...(step.row.detail as object), fundName: where.fundName } });
      const { told } = step;
      if (!told) continue;
      const day = facts.readAt.toISOString().slice(0, 10);
      const detail: EventDetail = {
        fundName: where.fundName,
        investorName: null,
        fields: [],
        commitment: null,
        readAt: facts.readAt.toISOString(),
        previousReadAt: null,
        condition: {
          ...observations[condition]!.detail,
          reminder: told.reminder,
          since: told.since?.toISOString() ?? null,
        },
      };
      events.push({
        id: told.reminder
          ? eventId(facts.fundKey, null, told.kind, "reminder", day)
          : eventId(facts.fundKey, null, told.kind, "read", facts.readId),
        fundKey: facts.fundKey,
        source: where.source,
        fundId: where.fundId,
        investorId: null,
        kind: told.kind,
        beforeReadId: null,
        afterReadId: facts.readId,
        at: facts.readAt,
        detail,
      });
    }
  }
  await saveConditions(tx, saved);
  return events;
}

/**
 * The work done inside the transaction that keeps investor lists: their events and conditions, in a savepoint of
 * their own, so a failure here is logged and leaves the reads kept (without their events) rather than losing them.
 */
export async function eventsOfKeptLists(tx: StoreTx, facts: readonly KeptListFacts[]): Promise<number> {
  const lists: Kept[] = [];
  for (const list of facts) {
    const source = await sourceOfKey(list.fundKey);
    if (source === null) continue;
    const fundId = list.fundKey.slice(list.fundKey.indexOf(":") + 1);
    lists.push({ facts: list, where: { source, fundId, fundName: fundNameOf(list.fund, fundId) } });
  }
  if (lists.length === 0) return 0;
  try {
    // Nobody subscribed: nothing to tell, and conditions start from the first read kept after someone does. A
    // 3,000-fund first fill on a loaded 2-core machine then drains on stop as it did before alerts.
    if (!(await anySubscription(tx))) return 0;
    const count = await tx.transaction(async (savepoint) => {
      const events: NewAlertEvent[] = [];
      for (const { facts, where } of lists) events.push(...(await changeEvents(savepoint, facts, where)));
      events.push(...(await conditionEvents(savepoint, lists)));
      await insertAlertEvents(savepoint, events);
      return events.length;
    });
    if (count > 0) wakeSoon();
    return count;
  } catch (error) {
    const funds = lists.map((list) => list.where.fundId);
    logLine("alerts_events_failed", {
      funds: funds.length,
      fundId: funds[0],
      reason: (error as Error).message.slice(0, 200),
    });
    return 0;
  }
}

/** Makes events of every investor list this process keeps from now on (idempotent). */
export function registerAlertEvents(): void {
  onListKept("alerts", async (tx, facts) => void (await eventsOfKeptLists(tx, facts)));
}
