import "server-only";
import { can, hasRole } from "../../access/policy";
import { auditEntry, personOf } from "../../server/audit-entries";
import { auditQuietly } from "../../server/audit-record";
import { listedFund } from "../../data/catalog";
import { fundAccess } from "../../data/fund-access";
import type { Principal } from "../../data/principal";
import { refOf, sourceNames } from "../../data/sources";
import { readFunds } from "../../fund-reads/server/funds";
import { statusOf } from "../../http/error-response";
import { BadField, BadRequest, Forbidden, NotFound } from "../../http/errors";
import { logLine } from "../../server/log";
import {
  countSubscriptions,
  deleteSubscription,
  deliveryById,
  deliveryLog,
  type DeliveryLogRow,
  insertSubscription,
  resendDelivery,
  rotateWebhookSecret,
  setDigestSchedule,
  subscriptionById,
  type SubscriptionRow,
  subscriptionsOf,
  unsubscribeEmail,
} from "../../store/server/alerts";
import {
  type AlertKind,
  alertKindLabels,
  type CreatedSubscription,
  type DeliveryView,
  type EventDetail,
  maxSubscriptions,
  problemField,
  subscriptionBodySchema,
  type SubscriptionView,
  type WebhookFormat,
} from "../types";
import { checkWebhookUrl, maskedUrl, RefusedWebhook, type Resolver, systemResolver } from "./addresses";
import { emailConfigured, emailNotConfigured } from "./email";
import { noteAlertPerson } from "./people";
import { newId, newWebhookSecret, seal, validUnsubscribeToken } from "./sealed";
import { countOf } from "../../values/count";

// Subscriptions as people make them (/alerts and its JSON API): checked field by field, the fund by the fund gate,
// a webhook's URL where it points, sealed before the store sees it. Each person sees and deletes their own; admins
// add team subscriptions (a shared webhook) over their own scope, and an admin of everything sees every team's.

const ownEmail = (user: Principal) => user.email.toLowerCase();
const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+$/.test(text);

/** Makes a subscription from a body; its id and, for a webhook, the signing secret (shown this once). */
export async function createSubscription(
  user: Principal,
  body: unknown,
  request: Request | null,
  resolver: Resolver = systemResolver,
): Promise<CreatedSubscription> {
  const parsed = subscriptionBodySchema.safeParse(body);
  if (!parsed.success) {
    const field = problemField(parsed.error);
    throw new BadField(field, parsed.error.issues[0]?.message ?? "is not valid");
  }
  const input = parsed.data;
  if (input.team && !hasRole(user, "admin")) throw new Forbidden("Only admins add team subscriptions.");
  if (input.team && !input.webhook) throw new BadField("webhook", "a team subscription posts to a webhook");
  if (input.team && input.email) throw new BadField("email", "a team subscription posts to its webhook only");
  if (!input.email && !input.webhook) throw new BadField("email", "choose email, a webhook, or both");
  if (input.email && !emailConfigured()) throw new BadField("email", emailNotConfigured);
  if (input.email && !looksLikeEmail(user.email)) throw new BadField("email", "you have no email address to send to");
  let fund: { source: string; fundId: string } | null = null;
  if (input.fundId) {
    // Out of scope answers exactly as a fund that does not exist.
    const access = await fundAccess(user, input.fundId, "fund.read").catch((error: unknown) => {
      // An upstream or store that fails is its own answer (502, 503); any refusal reads as an unknown fund.
      if ((statusOf(error) ?? 500) >= 500) throw error;
      throw new BadField("fundId", "no such fund in your scope");
    });
    fund = { source: access.source, fundId: access.fundId };
  }
  let webhook: SubscriptionRow["webhook"] = null;
  let secret: string | null = null;
  if (input.webhook) {
    try {
      const { url } = await checkWebhookUrl(input.webhook.url, resolver);
      secret = newWebhookSecret();
      webhook = {
        urlSealed: seal(url.toString()),
        urlMasked: maskedUrl(url),
        format: input.webhook.format,
        secretSealed: seal(secret),
        previousSecretSealed: null,
        previousUntil: null,
        disabledAt: null,
        disabledReason: null,
      };
    } catch (error) {
      if (error instanceof RefusedWebhook) throw new BadField("webhook.url", error.message);
      throw error;
    }
  }
  const owner = ownEmail(user);
  if ((await countSubscriptions(owner)) >= maxSubscriptions)
    throw new BadRequest(`You have ${countOf(maxSubscriptions, "subscription")}, the most one person may have.`);
  await noteAlertPerson(user);
  const row: SubscriptionRow = {
    id: newId("sub"),
    ownerEmail: owner,
    team: input.team,
    label: input.team ? (input.label ?? "Team") : input.label,
    kinds: input.kinds,
    source: fund?.source ?? null,
    fundId: fund?.fundId ?? null,
    investorId: input.investorId,
    email: input.email,
    webhook,
    digest: input.digest ? { hour: input.digest.hour, zone: input.digest.timeZone } : null,
    createdAt: new Date(),
  };
  await insertSubscription(row);
  if (row.digest && !row.team) await setDigestSchedule(owner, row.digest);
  if (row.team) auditTeam(user, request, row, "added");
  logLine("alerts_subscribed", { subscription: row.id, team: row.team, email: row.email, webhook: !!webhook });
  return { id: row.id, webhook: secret ? { secret } : null };
}

function auditTeam(user: Principal, request: Request | null, row: SubscriptionRow, what: "added" | "removed") {
  const fund = row.source && row.fundId ? { source: row.source, organization: null } : null;
  auditQuietly(
    auditEntry(personOf(user, request), {
      action: "team_alert",
      outcome: "done",
      fund,
      fundId: row.source && row.fundId ? refOf(row.source, row.fundId) : null,
      investorId: row.investorId,
      detail: `${what} team subscription ${row.id} "${row.label ?? ""}" (${row.kinds.join(", ")})`.slice(0, 300),
    }),
  );
}

/** Whether this person may see and delete this subscription: their own, or (admins of everything) a team's. */
function mayManage(user: Principal, row: SubscriptionRow): boolean {
  if (row.ownerEmail === ownEmail(user)) return true;
  return row.team && hasRole(user, "admin") && user.scope.all;
}

/** The subscriptions a person manages: their own, and every team's for an admin of everything. */
async function managedRows(user: Principal): Promise<SubscriptionRow[]> {
  return subscriptionsOf(ownEmail(user), { allTeams: hasRole(user, "admin") && user.scope.all });
}

/** Fund names as the person's funds list gives them (empty when it cannot be read now). */
async function fundNames(user: Principal): Promise<Map<string, string>> {
  try {
    const funds = await readFunds(user);
    return new Map(
      funds.map((fund) => [fund.id, fund.legal_entity?.display_name ?? fund.legal_entity?.legal_name ?? fund.id]),
    );
  } catch {
    return new Map();
  }
}

function viewOf(row: SubscriptionRow, names: Map<string, string>): SubscriptionView {
  const ref = row.source && row.fundId ? refOf(row.source, row.fundId) : null;
  return {
    id: row.id,
    kinds: row.kinds as AlertKind[],
    fund: ref ? { id: ref, name: names.get(ref) ?? null } : null,
    investorId: row.investorId,
    email: row.email,
    webhook: row.webhook
      ? {
          url: row.webhook.urlMasked,
          format: row.webhook.format as WebhookFormat,
          disabled: row.webhook.disabledReason,
          rotating: row.webhook.previousUntil !== null && row.webhook.previousUntil.getTime() > Date.now(),
        }
      : null,
    digest: row.digest ? { hour: row.digest.hour, timeZone: row.digest.zone } : null,
    team: row.team,
    label: row.label,
    owner: row.ownerEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/alerts: the person's subscriptions (their webhook URLs masked), newest first. */
export async function listSubscriptions(user: Principal): Promise<SubscriptionView[]> {
  await noteAlertPerson(user);
  const [rows, names] = await Promise.all([managedRows(user), fundNames(user)]);
  return rows.map((row) => viewOf(row, names));
}

async function managed(user: Principal, id: string): Promise<SubscriptionRow> {
  const row = /^sub_[A-Za-z0-9_-]{10,40}$/.test(id) ? await subscriptionById(id) : null;
  if (!row || !mayManage(user, row)) throw new NotFound("No such subscription.");
  return row;
}

/** DELETE /api/alerts/{id}: the subscription and its deliveries. */
export async function removeSubscription(user: Principal, id: string, request: Request | null): Promise<void> {
  const row = await managed(user, id);
  await deleteSubscription(row.id);
  if (row.team) auditTeam(user, request, row, "removed");
  logLine("alerts_unsubscribed", { subscription: row.id });
}

/** A new signing secret for a subscription's webhook; the old one signs beside it for a day. */
export async function rotateSecret(user: Principal, id: string): Promise<{ webhook: { secret: string } }> {
  const row = await managed(user, id);
  if (!row.webhook) throw new BadRequest("This subscription has no webhook.");
  const secret = newWebhookSecret();
  await rotateWebhookSecret(row.id, seal(secret), new Date(Date.now() + 86_400_000));
  logLine("alerts_secret_rotated", { subscription: row.id });
  return { webhook: { secret } };
}

/** Unsubscribes a subscription's email by its signed link (no session): whether the link was valid. */
export async function unsubscribeByLink(id: string | null, token: string | null): Promise<boolean> {
  if (!id || !token || !/^sub_[A-Za-z0-9_-]{10,40}$/.test(id) || !validUnsubscribeToken(id, token)) return false;
  await unsubscribeEmail(id);
  logLine("alerts_unsubscribed_by_link", { subscription: id });
  return true;
}

/** What a signed unsubscribe link is for, to say on its page; null for a link that is not valid. */
export async function linkSubscription(id: string | null, token: string | null): Promise<{ kinds: string } | null> {
  if (!id || !token || !/^sub_[A-Za-z0-9_-]{10,40}$/.test(id) || !validUnsubscribeToken(id, token)) return null;
  const row = await subscriptionById(id);
  return { kinds: row ? row.kinds.map((kind) => alertKindLabels[kind as AlertKind] ?? kind).join(", ") : "" };
}

/** The log's line of a delivery: what it was, unless outside the person's access now. */
function summaryOf(user: Principal, row: DeliveryLogRow): string {
  if (row.itemKind === "digest") return "Daily digest";
  if (row.itemKind === "notice") {
    const reason = (row.detail as { reason?: string } | null)?.reason;
    return reason === "gone" ? "Notice: your webhook was disabled" : "Notice: a delivery failed";
  }
  if (!row.source || !row.fundId || !row.kind) return "A change no longer kept";
  const listed = sourceNames().includes(row.source) ? listedFund(row.source, row.fundId) : undefined;
  if (!listed || !can(user, "fund.read", { source: row.source, organization: listed.organization }))
    return "Not shown: outside your access now";
  const detail = row.eventDetail as EventDetail;
  const label = alertKindLabels[row.kind as AlertKind] ?? row.kind;
  return [label, detail.fundName, detail.investorName].filter(Boolean).join(" · ");
}

/** GET /api/alerts/deliveries: the newest deliveries of the person's subscriptions, with each attempt. */
export async function listDeliveries(user: Principal, limit = 100): Promise<DeliveryView[]> {
  const rows = await managedRows(user);
  const log = await deliveryLog(
    rows.map((row) => row.id),
    limit,
  );
  return log.map((row) => ({
    id: row.id,
    subscriptionId: row.subscriptionId,
    channel: row.channel,
    item: row.itemKind,
    summary: summaryOf(user, row),
    status: row.status,
    attempts: row.attempts,
    nextAt: row.status === "pending" ? row.nextAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    attemptLog: row.attemptLog.map((attempt) => ({ ...attempt, at: attempt.at.toISOString() })),
  }));
}

/** The log's Resend: a delivery of the person's sent again from its first attempt. */
export async function resend(user: Principal, id: number): Promise<void> {
  const delivery = await deliveryById(id);
  if (!delivery) throw new NotFound("No such delivery.");
  await managed(user, delivery.subscriptionId);
  if (!(await resendDelivery(id, new Date()))) throw new BadRequest("This delivery is still being sent.");
  logLine("alerts_resend", { delivery: id, endpoint: delivery.subscriptionId });
}
