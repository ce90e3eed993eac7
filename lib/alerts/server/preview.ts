import "server-only";
import { can } from "../../access/policy";
import { listedFund } from "../../data/catalog";
import type { Principal } from "../../data/principal";
import { sourceNames } from "../../data/sources";
import { subscriptionsOf } from "../../store/server/alerts";
import { wallClock } from "../zoned";
import { digestContent, digestReads } from "./digest";
import { digestBody } from "./render";

// Today's digest as it would be sent now (GET /api/alerts/digest): the person's own follow-ups due, and the changes of
// the last day their digest subscriptions ask for, in their access now. The digest itself is sent at their hour.

export interface DigestPreview {
  subject: string;
  text: string;
  /** The hour and zone the digest is sent at, or null when the person has no digest subscription. */
  schedule: { hour: number; timeZone: string } | null;
}

export async function digestPreview(user: Principal): Promise<DigestPreview> {
  const owner = user.email.toLowerCase();
  const subscriptions = (await subscriptionsOf(owner)).filter((row) => row.digest && !row.team);
  const schedule = subscriptions[0]?.digest ?? null;
  const zone = schedule?.zone ?? "UTC";
  const now = new Date();
  const inScope = (source: string, fundId: string) => {
    const listed = sourceNames().includes(source) ? listedFund(source, fundId) : undefined;
    return listed !== undefined && can(user, "fund.read", { source, organization: listed.organization });
  };
  const content = await digestContent(
    {
      id: "preview",
      owner,
      localDate: wallClock(now.getTime(), zone).date,
      zone,
      windowStart: new Date(now.getTime() - 86_400_000),
      windowEnd: now,
    },
    subscriptions,
    inScope,
    digestReads(),
  );
  const body = digestBody(content);
  return {
    subject: body.subject,
    text: body.text,
    schedule: schedule ? { hour: schedule.hour, timeZone: schedule.zone } : null,
  };
}
