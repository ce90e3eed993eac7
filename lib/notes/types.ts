import { z } from "zod";
import { type FollowUpState, followUpStates } from "../store/model";
import { isFundRef } from "../values/fund-ref";
import { idSchema } from "../values/ids";

// Notes and follow-ups (issue 45): the JSON a note is written and changed with, and what the pages and scripts read.
// Browser-safe.

export { type FollowUpState, followUpStates };

export const followUpStateLabels: Record<FollowUpState, string> = {
  open: "Open",
  waiting: "Waiting on the investor",
  done: "Done",
};

/** The longest note, in characters. */
export const maxNoteCharacters = 4_000;

const characters = (text: string) => Array.from(text).length;
// Line breaks and tabs are text; other control characters (NUL above all, which PostgreSQL refuses) are not.
const strayControl = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A day, YYYY-MM-DD, that exists. */
export const daySchema = z
  .string()
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
    error: "a date, YYYY-MM-DD",
  })
  .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), { error: "a date, YYYY-MM-DD" });

export const noteTextSchema = z
  .string({ error: "the note's text" })
  .refine((text) => text.trim() !== "", { error: "write something" })
  .refine((text) => characters(text) <= maxNoteCharacters, {
    error: `at most ${maxNoteCharacters.toLocaleString("en-US")} characters`,
  })
  .refine((text) => !strayControl.test(text), { error: "no control characters" });

export const followUpBodySchema = z.strictObject(
  {
    // An email, or the demo's one person: checked against who may see the record.
    assignee: z
      .string({ error: "followUp.assignee: someone who may see this record" })
      .regex(/^[^\s\u0000-\u001f]{1,320}$/, { error: "followUp.assignee: someone who may see this record" }),
    due: daySchema,
    state: z.enum(followUpStates, { error: `followUp.state: one of ${followUpStates.join(", ")}` }),
  },
  { error: "followUp: null, or { assignee, due, state }" },
);

/** POST /api/notes: a note about a fund, or an investor in it. */
export const noteBodySchema = z.strictObject({
  fundId: z.string({ error: "fundId: a fund id" }).refine(isFundRef, { error: "fundId: a fund id" }),
  investorId: idSchema.optional(),
  text: noteTextSchema,
  followUp: followUpBodySchema.optional(),
});
export type NoteBody = z.infer<typeof noteBodySchema>;

/** PATCH /api/notes/{id}: the text, the follow-up (null removes it), or both, made on `version`. */
export const noteChangeSchema = z
  .strictObject({
    text: noteTextSchema.optional(),
    followUp: followUpBodySchema.nullable().optional(),
    version: z.number({ error: "version: the version your change was made on" }).int().min(1).max(1_000_000_000),
  })
  .refine((body) => body.text !== undefined || body.followUp !== undefined, {
    error: "say what changes: text, followUp, or both",
  });
export type NoteChangeBody = z.infer<typeof noteChangeSchema>;

/** A note's follow-up as read: who (with their name when known), by which day, in which state. */
export interface FollowUp {
  assignee: string;
  assigneeName: string | null;
  due: string;
  state: FollowUpState;
}

/** One note as GET /api/notes gives it. */
export interface Note {
  id: string;
  /** The fund it is about (its ref; its name where a list spans funds), and the investor, when it is about one. */
  fundId: string;
  fundName?: string;
  investorId: string | null;
  investorName: string | null;
  text: string;
  author: string;
  authorName: string | null;
  /** When it was written, and last edited (ISO). */
  at: string;
  editedAt: string | null;
  version: number;
  followUp: FollowUp | null;
  /** The texts it had before each edit, newest first. */
  earlier: { text: string; at: string }[];
  /** Whether the person reading may edit and delete it (their own, and they may write). */
  mine: boolean;
  /** Whether they may move its follow-up on (its state, its due day): its author and its assignee. */
  canTrack: boolean;
}

/** GET /api/notes */
export interface NotesList {
  notes: Note[];
  /** Whether the person may write notes here. */
  canWrite: boolean;
}

/** One follow-up of GET /api/follow-ups: its note, the fund's name, and whether it is overdue. */
export interface FollowUpItem extends Note {
  followUp: FollowUp;
  fundName: string;
  overdue: boolean;
}

/** GET /api/notes/people: who a follow-up may be assigned to on a record (everyone who may see it). */
export interface Assignees {
  people: { email: string; name: string | null }[];
}
