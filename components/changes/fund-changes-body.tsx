import { amountText, changeText, differenceText, fieldLabel, kindLabels } from "@/lib/changes/labels";
import { type ChangeKind, changeKinds, type FundChanges } from "@/lib/changes/types";
import { readDay, readInstant } from "@/lib/table/since";
import { formatMoney } from "@/lib/values/format";
import { countOf } from "@/lib/values/count";

interface FundChangesBodyProps {
  changes: FundChanges;
}

const muted = "text-zinc-600 dark:text-zinc-400";

/** "between Nov 18 02:00 and Nov 19 02:00 UTC": the old content's last sighting and the new content's first read. */
export function betweenReads(changes: FundChanges): string {
  const before = changes.before ? readInstant(changes.before.lastSeenAt).replace(" UTC", "") : "";
  return `between ${before} and ${readInstant(changes.after.readAt)}`;
}

function Counts({ counts }: { counts: Record<ChangeKind, number> }) {
  const shown = changeKinds.filter((kind) => counts[kind] > 0);
  if (shown.length === 0) return null;
  return (
    <p className={`text-sm ${muted}`} data-counts>
      {shown.map((kind) => `${kindLabels[kind]}: ${counts[kind]}`).join(" · ")}
    </p>
  );
}

/** What changed in one fund between its two compared reads: the reads, any gap, its figures and its investors. */
export function FundChangesBody({ changes }: FundChangesBodyProps) {
  if (!changes.before)
    return <p data-history-starts>History starts {readDay(changes.historyStartsAt)}: nothing is compared before it.</p>;
  const nothing = changes.investors.length === 0 && changes.figures.length === 0;
  return (
    <div className="space-y-2 text-sm">
      {changes.alert ? (
        <p
          role="alert"
          className="rounded border-2 border-red-700 bg-red-50 p-2 font-semibold text-red-900 dark:bg-red-950 dark:text-red-100"
        >
          Contact or bank details changed within 30 days of the capital due date ({changes.capitalDueDate}): confirm
          them with the investor by phone before any payment.
        </p>
      ) : null}
      {changes.gap ? (
        <p data-gap className="font-medium text-amber-800 dark:text-amber-300">
          {countOf(changes.gap.count, "read")} of this fund failed between the two reads
          {changes.gap.first ? ` (first ${readInstant(changes.gap.first)})` : ""}: changes made and undone then are not
          seen.
        </p>
      ) : null}
      {nothing ? (
        <p data-no-changes>
          {changes.gap ? "No change found" : "No changes"} since {readInstant(changes.since)}: compared the read of{" "}
          {readInstant(changes.before.readAt)} (last seen {readInstant(changes.before.lastSeenAt)}) with the read of{" "}
          {readInstant(changes.after.readAt)}.
        </p>
      ) : (
        <p className={muted}>Changes {betweenReads(changes)}.</p>
      )}
      <Counts counts={changes.counts} />
      {changes.figures.length > 0 ? (
        <ul aria-label="The fund's figures" className="space-y-0.5">
          {changes.figures.map((figure) => (
            <li key={figure.key} data-figure={figure.key}>
              {fieldLabel(figure.key)} {amountText(figure.key, figure.before)} → {amountText(figure.key, figure.after)}
              {figure.difference ? ` (${differenceText(figure.key, figure.difference)})` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {changes.investors.length > 0 ? (
        <ul aria-label="Investors changed" className="space-y-1">
          {changes.investors.map((investor) => (
            <li key={investor.investorId} data-investor={investor.investorId} data-change={investor.change}>
              <span className="font-medium">{investor.name}</span>
              {investor.change === "added" ? ` added, commitment ${formatMoney(investor.commitment)}` : null}
              {investor.change === "removed" ? ` removed, last commitment ${formatMoney(investor.commitment)}` : null}
              {investor.fields.length > 0 ? (
                <ul className="ml-4 list-disc">
                  {investor.fields.map((field) => (
                    <li
                      key={field.field}
                      data-kind={field.kind}
                      className={field.kind === "contact" ? "font-semibold text-red-800 dark:text-red-300" : undefined}
                    >
                      {changeText(field)} <span className={muted}>({kindLabels[field.kind]})</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
