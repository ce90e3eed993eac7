import "server-only";
import { hasRole } from "../../access/policy";
import type { Principal } from "../../data/principal";
import { NotFound } from "../../http/errors";
import { type AuditEvent, type AuditFilter, auditEventsPage } from "../../store/server";
import { longestValues } from "../../table/longest";
import { auditColumns } from "../columns";
import { type AuditView, auditViewText } from "../search-params";
import type { AuditEntry, AuditPage, AuditRow } from "../types";
import { auditEntry, personOf } from "../../server/audit-entries";
import { auditQuietly } from "../../server/audit-record";

// The audit trail as /audit reads it: only admins, each the rows of their own scope (decided in SQL, so pages and
// counts are right), and every look a row of its own.

/** The view's filter as the store takes it. */
export function auditFilterOf(view: AuditView): AuditFilter {
  const { person, action, fund, investor, from, to } = view;
  return { person, action, fundId: fund, investorId: investor, from, to };
}

/** A kept row as the page and its files show it (its hashes are for verify). */
export function auditRowOf(event: AuditEvent): AuditRow {
  return {
    id: event.id,
    at: event.at.toISOString(),
    actor: event.actor,
    method: event.method as AuditEntry["method"],
    action: event.action as AuditEntry["action"],
    outcome: event.outcome as AuditEntry["outcome"],
    source: event.source,
    organization: event.organization,
    fundId: event.fundId,
    investorId: event.investorId,
    requestId: event.requestId,
    clientAddress: event.clientAddress,
    detail: event.detail,
  };
}

/**
 * A look at the trail (a page, a later page, a file): written as an `audit_view` row, or, for anyone but an admin,
 * refused with what an unknown address answers (404), so the trail's existence is no hint; the refusal is a row too.
 */
export function lookAtTrail(user: Principal, request: Request | Headers, view: AuditView, what: string): void {
  const admin = hasRole(user, "admin");
  const detail = `${what}: ${auditViewText(view)}`;
  const outcome = admin ? "allowed" : "refused";
  auditQuietly(
    auditEntry(personOf(user, request), {
      action: "audit_view",
      outcome,
      fundId: view.fund,
      investorId: view.investor,
      detail,
    }),
  );
  if (!admin) throw new NotFound("No such API route.");
}

// A timestamp as the table shows it ("2026-11-27 09:12:03.123 UTC").
const timestampChars = 27;

/** A page of the view, newest first, from the rows up to `version` (the first page's). */
export async function auditPage(
  user: Principal,
  request: Request | Headers,
  view: AuditView,
  page: { offset: number; limit: number; version: number | null },
): Promise<AuditPage> {
  lookAtTrail(user, request, view, page.offset === 0 ? "page" : `rows from ${page.offset + 1}`);
  const { rows, matched, total, upTo } = await auditEventsPage({
    filter: auditFilterOf(view),
    scope: user.scope,
    offset: page.offset,
    limit: page.limit,
    upTo: page.version,
  });
  const shown = rows.map(auditRowOf);
  const longest = { ...longestValues(shown, auditColumns), at: timestampChars };
  return { version: String(upTo), matched, total, offset: page.offset, rows: shown, longest };
}
