import "server-only";
import { Readable } from "node:stream";
import { ZipArchive } from "archiver";
import { batchesBody } from "../../csv/export-format";
import { contentDisposition } from "../../csv/filename";
import { csvFormat } from "../../csv/stream";
import { fundAccess } from "../../data/fund-access";
import type { Principal } from "../../data/principal";
import { serverEnv } from "../../server/env";
import { logLine } from "../../server/log";
import { statementColumns } from "../columns";
import { type PeriodQuery, periodOf } from "../search-params";
import { zipEntryName } from "../file-names";
import { type FundStatements, fundStatements } from "./batch";
import { startStatementDownload } from "./downloads";
import { type PageSize, statementPdf } from "./pdf";
import { collectStreamGarbage } from "../../server/heap";

// A fund's statements as a zip streamed to the client (archiver): statements.csv first (every figure, one row per
// investor), then one PDF per investor. One statement is made at a time, and only once the zip has taken the one
// before (the client reads it), so memory stays bounded whatever the fund's size; a client that goes away stops it.

type Archive = ZipArchive;

/** Settles once the archive has written the entry appended last, or has closed (the client went away). */
function written(archive: Archive): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      archive.off("entry", done);
      archive.off("close", done);
      archive.off("error", done);
      resolve();
    };
    archive.on("entry", done);
    archive.on("close", done);
    archive.on("error", done);
  });
}

/**
 * The zip of a fund's statements as a stream: statements.csv, then a PDF per statement, each made once the zip has
 * taken the one before. `signal` (the request's) or the reader cancelling stops the work; `onEnd` says how it ended.
 */
export function statementsZipStream(
  statements: Pick<FundStatements, "batches">,
  options: {
    signal: AbortSignal;
    size: PageSize;
    onEnd: (outcome: "done" | "cancelled" | "failed", made: number) => void;
    onError?: (error: Error, made: number) => void;
  },
): ReadableStream<Uint8Array> {
  // PDFs are compressed already: stored, not deflated again.
  const archive = new ZipArchive({ store: true });
  let gone = false;
  let made = 0;
  let ended = false;
  const end = (outcome: "done" | "cancelled" | "failed") => {
    if (!ended) options.onEnd(outcome, made);
    ended = true;
  };
  // The client went away: no more statements are made.
  const leave = () => {
    gone = true;
    end("cancelled");
    archive.destroy();
  };
  options.signal.addEventListener("abort", leave, { once: true });
  archive.on("end", () => end("done"));
  archive.on("close", leave);

  async function produce() {
    const csv = batchesBody(csvFormat, statements.batches(), statementColumns);
    archive.append(Readable.fromWeb(csv as import("node:stream/web").ReadableStream), { name: "statements.csv" });
    await written(archive);
    const names = new Set<string>();
    const baseline = process.memoryUsage().heapUsed;
    for await (const batch of statements.batches()) {
      for (const statement of batch) {
        if (gone) return;
        const pdf = await statementPdf(statement, options.size);
        archive.append(pdf, { name: zipEntryName(statement.investor.legalName, statement.investor.id, names) });
        await written(archive);
        made++;
        collectStreamGarbage(baseline);
      }
    }
    if (!gone) await archive.finalize();
  }
  void produce().catch((error: unknown) => {
    options.onError?.(error as Error, made);
    end("failed");
    archive.destroy(error as Error);
  });
  return Readable.toWeb(archive) as unknown as ReadableStream<Uint8Array>;
}

export async function statementsZip(ask: { request: Request; user: Principal; fundId: string; query: PeriodQuery }) {
  const { request, user } = ask;
  const period = periodOf(ask.query);
  const access = await fundAccess(user, ask.fundId, "export.masked");
  const statements = await fundStatements(user, access, period);
  const download = await startStatementDownload(request, user, access, { investorId: null, period, format: "zip" });
  const body = statementsZipStream(statements, {
    signal: request.signal,
    size: serverEnv().STATEMENT_PAGE_SIZE,
    onEnd: (outcome, made) => download.end(outcome, made),
    onError: (error, made) => logLine("statements_zip_failed", { fundId: access.ref, reason: error.message, made }),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": contentDisposition(`statements-${access.fundId}-${period.key}`, ".zip"),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
