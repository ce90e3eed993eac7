import "server-only";
import { type FundAccess, fundAccess, type FundAction } from "../../data/fund-access";
import type { Principal } from "../../data/principal";
import { NotFound } from "../../http/errors";
import { type StatementPosition, type StatementReads, statementPosition, statementReads } from "../../store/server";
import { isOngoing, type Period } from "../periods";
import { statementFigures, zeroFigures } from "../statement";
import type { Statement, StatementPeriod } from "../types";

// A statement from the kept reads (lib/store), for a person whose scope holds the fund: out of scope, the upstream's 404.

const object = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null);

/** What a period is called on a statement, and whether it is still running. */
export function statementPeriod(period: Period, now: Date): StatementPeriod {
  const { key, label, from, to } = period;
  return { key, label, from, to, ongoing: isOngoing(period, now) };
}

/** The fund's two reads for the period, or a 404 saying there is none. */
export async function periodReads(access: FundAccess, period: Period): Promise<StatementReads> {
  const reads = await statementReads(access.storeKey, period.start, period.end);
  if (!reads)
    throw new NotFound(
      `No statement for ${period.label}: the store holds no read of this fund in or before the period (its reads start later).`,
    );
  return reads;
}

/** The fund's legal name from its kept record. */
export function fundLegalName(record: Record<string, unknown> | null): string | null {
  const entity = object(record?.legal_entity);
  return text(entity.legal_name) ?? text(entity.display_name);
}

/** A statement from a position at the two reads (the tax id as kept: masked). */
export function statementOf(
  fund: { id: string; reads: StatementReads },
  position: StatementPosition,
  period: StatementPeriod,
  produced: { at: Date; by: string },
): Statement {
  const { reads } = fund;
  const account = object(position.record.investment_account);
  const figures = statementFigures(
    position.opening ?? zeroFigures,
    position.closing,
    text(reads.fundRecord?.capital_due_date),
    reads.closing.readAt,
  );
  return {
    fund: { id: fund.id, legalName: fundLegalName(reads.fundRecord) },
    investor: {
      id: position.investorId,
      legalName: text(account.legal_name) ?? position.name,
      taxId: text(account.tax_id) ?? text(position.record.tax_id),
      taxIdType: text(account.tax_id_type) ?? text(position.record.tax_id_type),
    },
    period,
    opening: {
      readAt: reads.opening.readAt.toISOString(),
      late: reads.opening.late,
      joined: position.opening === null,
    },
    closing: { readAt: reads.closing.readAt.toISOString() },
    produced: { at: produced.at.toISOString(), by: produced.by },
    figures,
  };
}

/** One investor's statement for the period; 404 (with its reason) when the reads cannot make one. */
export async function investorStatement(
  principal: Principal,
  ref: string,
  investorId: string,
  period: Period,
  options: { action?: FundAction; now?: Date } = {},
): Promise<{ access: FundAccess; statement: Statement }> {
  const access = await fundAccess(principal, ref, options.action ?? "fund.read");
  const now = options.now ?? new Date();
  const reads = await periodReads(access, period);
  const position = await statementPosition({ opening: reads.opening.id, closing: reads.closing.id }, investorId);
  if (!position)
    throw new NotFound(
      `No statement for ${period.label}: the fund's closing read of the period does not hold this investor.`,
    );
  const statement = statementOf({ id: access.ref, reads }, position, statementPeriod(period, now), {
    at: now,
    by: principal.email,
  });
  return { access, statement };
}
