import "server-only";
import { z } from "zod";
import type { ExportHeader } from "../../csv/export-format";
import type { RawValue } from "../../table/types";

/** What the request thread tells a sheet worker (lib/xlsx/sheet-worker.mjs) about one job. */
export type ToSheetWorker =
  | { type: "open"; job: number; columns: ExportHeader[]; window: number }
  | { type: "rows"; job: number; rows: readonly (readonly RawValue[])[] }
  | { type: "end"; job: number; sheet: string }
  | { type: "ack"; job: number; bytes: number }
  | { type: "cancel"; job: number };

const job = z.number().int().positive();

/** What a sheet worker answers, checked as it crosses the thread boundary. */
export const fromSheetWorker = z.discriminatedUnion("type", [
  z.object({ type: z.literal("bytes"), job, chunk: z.instanceof(ArrayBuffer) }),
  z.object({ type: z.literal("taken"), job, rows: z.number().int().nonnegative() }),
  z.object({ type: z.literal("done"), job }),
  z.object({ type: z.literal("failed"), job, message: z.string() }),
]);

export type FromSheetWorker = z.infer<typeof fromSheetWorker>;
