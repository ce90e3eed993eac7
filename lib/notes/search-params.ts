import { createSerializer } from "nuqs/server";
import { exportParsers, parseAsFundRef, parseAsInvestorId, parseAsInvestorKey } from "../table/parsers";

// What the notes' routes are asked: whose notes (a fund, an investor in it, or a directory person), a fund's file.

/** GET /api/notes: a fund's own notes, an investor's in it, or (investorKey) a directory person's in scope. */
export const notesQueryParsers = {
  fundId: parseAsFundRef,
  investorId: parseAsInvestorId,
  investorKey: parseAsInvestorKey,
};

/** GET /api/notes/assignees: who may be assigned a follow-up about this fund. */
export const assigneesParsers = { fundId: parseAsFundRef };

/** GET /api/notes.csv and .xlsx: every note of a fund. */
export const notesFileParsers = { fund: parseAsFundRef, bom: exportParsers.bom };

const serializeNotes = createSerializer(notesQueryParsers);
const serializeFile = createSerializer(notesFileParsers, { clearOnDefault: true });

/** The notes about a fund, an investor in it, or a directory person: GET /api/notes's URL. */
export function notesUrl(about: { fundId?: string; investorId?: string; investorKey?: string }): string {
  return serializeNotes("/api/notes", {
    fundId: about.fundId ?? null,
    investorId: about.investorId ?? null,
    investorKey: about.investorKey ?? null,
  });
}

/** A fund's notes as a file. */
export function notesFileUrl(fund: string, format: "csv" | "xlsx" = "csv", bom = false): string {
  return serializeFile(`/api/notes.${format}`, { fund, bom });
}
