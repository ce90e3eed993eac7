import "server-only";
import Big from "big.js";
import { changesViewSearch } from "../../changes/search-params";
import { amountText, changeText, differenceText, fieldLabel } from "../../changes/labels";
import type { FieldChange } from "../../changes/types";
import { refOf } from "../../data/sources";
import { formatDate } from "../../values/format";
import { isFundRef, splitFundRef } from "../../values/fund-ref";
import { type AlertKind, alertKindLabels, type ConditionDetail, type EventDetail } from "../types";
import { countOf } from "../../values/count";
import { type DigestFollowUp, followUpLine, followUpsBody } from "./digest-follow-ups";
import { dashboardBase, escapeHtml } from "./html";

// What an alert says, in each shape it is sent in: an email's subject, text and HTML (every value escaped), a
// Standard Webhooks JSON body, and a Slack-compatible `{"text": …}`. Amounts exact (the kept decimal strings, summed
// with big.js), tax ids and account numbers masked as kept (a masked field is said to have changed, never shown).

export { dashboardBase, escapeHtml };

/** Slack's mrkdwn treats &, < and > as markup: each is escaped. */
const escapeSlack = (text: string) => text.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!);

/** One line of a header: no line breaks or other control characters, at most 200 characters. */
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, " ").slice(0, 200);

/** An event as sent: what it is about, and where the dashboard shows it. */
export interface AlertMessage {
  eventId: string;
  kind: AlertKind;
  fund: { id: string; name: string };
  investor: { id: string; name: string } | null;
  detail: EventDetail;
  link: string;
}

/** The view that shows an event: /changes since the read before (one source), else the fund's page. */
export function eventLink(fundRef: string, detail: EventDetail, base = dashboardBase()): string {
  const since = detail.previousReadAt;
  if (detail.condition || !since) return `${base}/funds/${encodeURIComponent(fundRef)}`;
  const plain = isFundRef(fundRef) && splitFundRef(fundRef)?.source === null;
  if (plain) return `${base}/changes${changesViewSearch({ since, kind: [], fund: fundRef, q: "" })}`;
  return `${base}/funds/${encodeURIComponent(fundRef)}?since=${encodeURIComponent(since)}`;
}

export function messageOf(event: {
  id: string;
  kind: string;
  source: string;
  fundId: string;
  investorId: string | null;
  detail: unknown;
}): AlertMessage {
  const detail = event.detail as EventDetail;
  const ref = refOf(event.source, event.fundId);
  return {
    eventId: event.id,
    kind: event.kind as AlertKind,
    fund: { id: ref, name: detail.fundName },
    investor: event.investorId ? { id: event.investorId, name: detail.investorName ?? event.investorId } : null,
    detail,
    link: eventLink(ref, detail),
  };
}

function conditionLines(kind: AlertKind, condition: ConditionDetail): string[] {
  const lines: string[] = [];
  if (kind === "overdue") {
    if (condition.capitalDueDate) lines.push(`Capital was due ${formatDate(condition.capitalDueDate)}.`);
    if (condition.outstanding) lines.push(`Outstanding: ${amountText("outstanding", condition.outstanding)}.`);
    if (condition.daysOverdue) lines.push(`Overdue by ${countOf(condition.daysOverdue, "day")}.`);
  }
  for (const difference of condition.differences)
    lines.push(
      difference.investors !== null
        ? `${difference.label}: ${countOf(difference.investors, "investor differs", "investors differ")} from the formula.`
        : `${difference.label}: differs by ${difference.difference ?? "an unknown amount"}.`,
    );
  if (condition.since) lines.push(`Since ${new Date(condition.since).toISOString().replace(".000Z", "Z")}.`);
  return lines;
}

/** What changed, line by line: each field (masked ones only said to have changed), or the condition's facts. */
export function changeLines(message: AlertMessage): string[] {
  const { detail, kind } = message;
  if (detail.condition) return conditionLines(kind, detail.condition);
  if (kind === "added" || kind === "removed") {
    const commitment = detail.commitment ? ` (commitment ${amountText("commitment_amount", detail.commitment)})` : "";
    return [`${kind === "added" ? "Added" : "Removed"}${commitment}.`];
  }
  return detail.fields.map((field) => changeText(field));
}

/** The subject of an event's email. */
export function subjectOf(message: AlertMessage): string {
  const { kind, fund, investor, detail } = message;
  const reminder = detail.condition?.reminder ? "Still: " : "";
  if (kind === "overdue") return oneLine(`${reminder}Capital overdue in ${fund.name}`);
  if (kind === "stopped_tying_out") return oneLine(`${reminder}${fund.name} no longer ties out`);
  if (kind === "ties_out_again") return oneLine(`${fund.name} ties out again`);
  return oneLine(`${alertKindLabels[kind]}: ${investor?.name ?? "an investor"} in ${fund.name}`);
}

const headline = (message: AlertMessage) =>
  message.investor
    ? `${alertKindLabels[message.kind]} · ${message.fund.name} · ${message.investor.name}`
    : `${alertKindLabels[message.kind]} · ${message.fund.name}`;

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

const htmlPage = (title: string, body: string, footer: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;color:#18181b">${body}` +
  `<hr><p style="font-size:12px;color:#52525b">${footer}</p></body></html>`;

/** An event's email: both parts, every value escaped in the HTML one, with the link and the unsubscribe link. */
export function eventEmail(message: AlertMessage, links: { unsubscribe: string; manage: string }): EmailContent {
  const lines = changeLines(message);
  const text = [
    headline(message),
    "",
    ...lines,
    "",
    `See it in Fund Explorer: ${message.link}`,
    "",
    `Manage your alerts: ${links.manage}`,
    `Unsubscribe: ${links.unsubscribe}`,
  ].join("\n");
  const html = htmlPage(
    subjectOf(message),
    `<h1 style="font-size:18px">${escapeHtml(headline(message))}</h1>` +
      `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>` +
      `<p><a href="${escapeHtml(message.link)}">See it in Fund Explorer</a></p>`,
    `<a href="${escapeHtml(links.manage)}">Manage your alerts</a> · ` +
      `<a href="${escapeHtml(links.unsubscribe)}">Unsubscribe</a>`,
  );
  return { subject: subjectOf(message), text, html };
}

/** A change's fields as a webhook sends them: masked ones with no values. */
const fieldsJson = (fields: readonly FieldChange[]) =>
  fields.map((field) => ({
    field: field.field,
    label: fieldLabel(field.field),
    before: field.masked ? null : field.before,
    after: field.masked ? null : field.after,
    difference: field.difference,
    masked: field.masked,
  }));

/** An event's Standard Webhooks payload: `{type, timestamp, data}`. */
export function eventPayload(message: AlertMessage): object {
  const { detail } = message;
  return {
    type: `fund.${message.kind}`,
    timestamp: detail.readAt,
    data: {
      id: message.eventId,
      kind: message.kind,
      reminder: detail.condition?.reminder ?? false,
      fund: message.fund,
      investor: message.investor,
      changes: fieldsJson(detail.fields),
      commitment: detail.commitment,
      condition: detail.condition,
      readAt: detail.readAt,
      previousReadAt: detail.previousReadAt,
      link: message.link,
    },
  };
}

/** An event as a Slack message. */
export function eventSlack(message: AlertMessage): object {
  const lines = changeLines(message).map((line) => `• ${escapeSlack(line)}`);
  return {
    text: [`*${escapeSlack(headline(message))}*`, ...lines, `<${message.link}|See it in Fund Explorer>`].join("\n"),
  };
}

/** One fund's part of a digest: its changes, and each amount's exact total difference. */
export interface DigestFund {
  fund: { id: string; name: string };
  changes: AlertMessage[];
  totals: { field: string; difference: string }[];
}

export interface DigestContent {
  date: string;
  timeZone: string;
  from: string;
  to: string;
  funds: DigestFund[];
  open: AlertMessage[];
  /** The owner's follow-ups not done and due that day or before. */
  followUps: DigestFollowUp[];
}

/** Groups a digest's messages by fund, with the exact total of each amount's differences. */
export function digestFunds(messages: readonly AlertMessage[]): DigestFund[] {
  const funds = new Map<string, DigestFund>();
  for (const message of messages) {
    const entry = funds.get(message.fund.id) ?? { fund: message.fund, changes: [], totals: [] };
    entry.changes.push(message);
    funds.set(message.fund.id, entry);
  }
  for (const entry of funds.values()) {
    const sums = new Map<string, { sum: Big; scale: number }>();
    for (const change of entry.changes)
      for (const field of change.detail.fields) {
        if (!field.amount || field.difference === null) continue;
        const held = sums.get(field.field) ?? { sum: new Big(0), scale: 0 };
        const scale = field.difference.split(".")[1]?.length ?? 0;
        sums.set(field.field, { sum: held.sum.plus(field.difference), scale: Math.max(held.scale, scale) });
      }
    entry.totals = [...sums].map(([field, { sum, scale }]) => ({ field, difference: sum.toFixed(scale) }));
  }
  return [...funds.values()].sort((a, b) => a.fund.name.localeCompare(b.fund.name));
}

const changeCount = (digest: DigestContent) => digest.funds.reduce((sum, fund) => sum + fund.changes.length, 0);

export function digestSubject(digest: DigestContent): string {
  const count = changeCount(digest);
  const open = digest.open.length > 0 ? `, ${countOf(digest.open.length, "open condition")}` : "";
  const due = digest.followUps.length > 0 ? `, ${countOf(digest.followUps.length, "follow-up")} due` : "";
  return oneLine(
    `Fund Explorer digest for ${digest.date}: ${countOf(count, "change")} in ` +
      `${countOf(digest.funds.length, "fund")}${open}${due}`,
  );
}

const totalText = (total: { field: string; difference: string }) =>
  `${fieldLabel(total.field)} ${differenceText(total.field, total.difference)}`;

/** The digest's email without its links: the same for everyone whose digest lists the same changes. */
export interface DigestBody {
  subject: string;
  text: string;
  html: string;
}

/** Each fund's changes with their totals, then the open conditions, as text and as escaped HTML. */
export function digestBody(digest: DigestContent): DigestBody {
  const subject = digestSubject(digest);
  // The person's own follow-ups lead: they are what they must do today.
  const due = followUpsBody(digest.followUps);
  const text: string[] = [subject, `From ${digest.from} to ${digest.to} (${digest.timeZone}).`, "", ...due.text];
  let html = `<h1 style="font-size:18px">${escapeHtml(subject)}</h1>${due.html}`;
  if (digest.funds.length === 0) {
    text.push("No changes.");
    html += "<p>No changes.</p>";
  }
  for (const fund of digest.funds) {
    const totals = fund.totals.map(totalText).join(", ");
    text.push(`${fund.fund.name}${totals ? ` — totals: ${totals}` : ""}`);
    html += `<h2 style="font-size:16px">${escapeHtml(fund.fund.name)}</h2>`;
    if (totals) html += `<p>Totals: ${escapeHtml(totals)}</p>`;
    html += "<ul>";
    for (const change of fund.changes) {
      const line = `${alertKindLabels[change.kind]}${change.investor ? ` · ${change.investor.name}` : ""}: ${changeLines(change).join("; ")}`;
      text.push(`  - ${line}`);
      html += `<li>${escapeHtml(line)} <a href="${escapeHtml(change.link)}">See it</a></li>`;
    }
    html += "</ul>";
    text.push("");
  }
  if (digest.open.length > 0) {
    text.push("Open conditions:");
    html += `<h2 style="font-size:16px">Open conditions</h2><ul>`;
    for (const open of digest.open) {
      const line = `${alertKindLabels[open.kind]} · ${open.fund.name}: ${changeLines(open).join(" ")}`;
      text.push(`  - ${line}`);
      html += `<li>${escapeHtml(line)} <a href="${escapeHtml(open.link)}">See it</a></li>`;
    }
    html += "</ul>";
  }
  return { subject, text: text.join("\n"), html };
}

/** The digest's email: its body, then the person's own links. */
export function digestEmail(
  digest: DigestContent,
  links: { unsubscribe: string; manage: string },
  body: DigestBody = digestBody(digest),
): EmailContent {
  const text = `${body.text}\n\nManage your alerts: ${links.manage}\nUnsubscribe: ${links.unsubscribe}`;
  const footer =
    `<a href="${escapeHtml(links.manage)}">Manage your alerts</a> · ` +
    `<a href="${escapeHtml(links.unsubscribe)}">Unsubscribe</a>`;
  return { subject: body.subject, text, html: htmlPage(body.subject, body.html, footer) };
}

/** What makes two digests' bodies the same: their window and the changes and conditions they list. */
export function digestKey(digest: DigestContent): string {
  const ids = digest.funds.flatMap((fund) => fund.changes.map((change) => change.eventId));
  const due = digest.followUps.map((item) => `${item.noteId}@${item.due}:${item.state}`);
  return [
    digest.from,
    digest.to,
    digest.timeZone,
    ...ids,
    "|",
    ...digest.open.map((open) => open.eventId),
    "|",
    ...due,
  ].join(",");
}

/** The digest's Standard Webhooks payload. */
export function digestPayload(digest: DigestContent, link: string): object {
  const eventJson = (message: AlertMessage) => (eventPayload(message) as { data: object }).data;
  return {
    type: "digest",
    timestamp: digest.to,
    data: {
      date: digest.date,
      timeZone: digest.timeZone,
      from: digest.from,
      to: digest.to,
      funds: digest.funds.map((fund) => ({
        fund: fund.fund,
        totals: fund.totals,
        changes: fund.changes.map(eventJson),
      })),
      openConditions: digest.open.map(eventJson),
      followUps: digest.followUps,
      link,
    },
  };
}

export function digestSlack(digest: DigestContent, link: string): object {
  const lines = [`*${escapeSlack(digestSubject(digest))}*`];
  for (const fund of digest.funds) {
    const totals = fund.totals.map(totalText).join(", ");
    lines.push(
      `• ${escapeSlack(fund.fund.name)}: ${countOf(fund.changes.length, "change")}${totals ? ` (${escapeSlack(totals)})` : ""}`,
    );
  }
  for (const open of digest.open) lines.push(`• ${escapeSlack(`${alertKindLabels[open.kind]} · ${open.fund.name}`)}`);
  for (const item of digest.followUps) lines.push(`• ${escapeSlack(followUpLine(item))}`);
  lines.push(`<${link}|Open Fund Explorer>`);
  return { text: lines.join("\n") };
}

/** A notice to a subscription's owner (a webhook given up on, or disabled by its receiver). */
export function noticeEmail(
  notice: { reason: "failed" | "gone"; endpoint: string; masked: string; status: number | null; about: string },
  links: { manage: string },
): EmailContent {
  const subject =
    notice.reason === "gone"
      ? "Your Fund Explorer webhook was disabled"
      : "A Fund Explorer alert could not be delivered";
  const lines =
    notice.reason === "gone"
      ? [
          `The receiver at ${notice.masked} answered 410 Gone: nothing more is posted to it.`,
          "Add the subscription again with a working URL to receive alerts there.",
        ]
      : [
          `Every attempt to deliver ${notice.about} to ${notice.masked} failed` +
            (notice.status ? ` (last answer: HTTP ${notice.status}).` : "."),
          "The delivery is marked failed; you can send it again from the delivery log.",
        ];
  const text = [subject, "", ...lines, "", `Endpoint: ${notice.endpoint}`, `Manage your alerts: ${links.manage}`];
  const html = htmlPage(
    subject,
    `<h1 style="font-size:18px">${escapeHtml(subject)}</h1>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}` +
      `<p>Endpoint: ${escapeHtml(notice.endpoint)}</p>`,
    `<a href="${escapeHtml(links.manage)}">Manage your alerts</a>`,
  );
  return { subject, text: text.join("\n"), html };
}
