import "server-only";
import { followUpStateLabels } from "../../notes/types";
import { refOf, sourceNames, fingerprintOf } from "../../data/sources";
import type { PlacedNote } from "../../store/server/team";
import { formatDate } from "../../values/format";
import { dashboardBase, escapeHtml } from "./html";

// The follow-ups a daily digest lists (issue 45): the owner's own that are not done and due on the digest's date or
// before, each in their access when it is sent. Their text is the note's as typed: escaped in the HTML, one line.

export interface DigestFollowUp {
  noteId: string;
  fund: { id: string; name: string };
  investor: { id: string; name: string } | null;
  /** The note's text, on one line, cut at 200 characters. */
  text: string;
  due: string;
  state: "open" | "waiting" | "done";
  overdue: boolean;
  link: string;
}

const oneLine = (text: string) => {
  const line = text.replace(/\s+/g, " ").trim();
  return Array.from(line).length > 200 ? `${Array.from(line).slice(0, 199).join("")}…` : line;
};

/** The digest's follow-ups from the store's, for its date, as the owner's access allows now. */
export async function digestFollowUps(
  notes: readonly PlacedNote[],
  date: string,
  inScope: (source: string, fundId: string) => boolean,
): Promise<DigestFollowUp[]> {
  const sources = new Map(await Promise.all(sourceNames().map(async (s) => [await fingerprintOf(s), s] as const)));
  const base = dashboardBase();
  return notes.flatMap((note) => {
    const source = sources.get(note.fingerprint);
    if (!source || !note.followUp || !inScope(source, note.fundId)) return [];
    const ref = refOf(source, note.fundId);
    const fundPath = `${base}/funds/${encodeURIComponent(ref)}`;
    return [
      {
        noteId: note.id,
        fund: { id: ref, name: note.fundName },
        investor: note.investorId ? { id: note.investorId, name: note.investorName ?? note.investorId } : null,
        text: oneLine(note.text),
        due: note.followUp.due,
        state: note.followUp.state,
        overdue: note.followUp.due < date,
        link: note.investorId ? `${fundPath}/investors/${encodeURIComponent(note.investorId)}` : fundPath,
      },
    ];
  });
}

/** One follow-up as a digest line: when, what about, the note, its state. */
export function followUpLine(item: DigestFollowUp): string {
  const when = item.overdue ? `Overdue since ${formatDate(item.due)}` : "Due today";
  const about = item.investor ? `${item.fund.name} · ${item.investor.name}` : item.fund.name;
  return `${when} · ${about}: ${item.text} (${followUpStateLabels[item.state]})`;
}

/** The follow-ups' part of a digest, as text lines and escaped HTML. */
export function followUpsBody(items: readonly DigestFollowUp[]): { text: string[]; html: string } {
  if (items.length === 0) return { text: [], html: "" };
  const text = ["Your follow-ups due:", ...items.map((item) => `  - ${followUpLine(item)} ${item.link}`), ""];
  const html =
    `<h2 style="font-size:16px">Your follow-ups due</h2><ul>` +
    items
      .map((item) => `<li>${escapeHtml(followUpLine(item))} <a href="${escapeHtml(item.link)}">Open it</a></li>`)
      .join("") +
    "</ul>";
  return { text, html };
}
