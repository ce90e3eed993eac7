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
import { fundStatements } from "./batch";
import { startStatementDownload } from "./downloads";
import { statementPdf } from "./pdf";

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

export async function statementsZip(ask: { request: Request; user: Principal; fundId: string; query: PeriodQuery }) {
  const { request, user } = ask;
  const period = periodOf(ask.query);
  const access = await fundAccess(user, ask.fundId, "export.masked");
  const statements = await fundStatements(user, access, period);
  const download = await startStatementDownload(request, user, access, { investorId: null, period, format: "zip" });
  // PDFs are compressed already: stored, not deflated again.
  const archive = new ZipArchive({ store: true });
  let gone = false;
  let made = 0;
  // The client went away: no more statements are made, and the download is recorded as cancelled.
  const leave = () => {
    gone = true;
    download.end("cancelled", made);
    archive.destroy();
  };
  request.signal.addEventListener("abort", leave, { once: true });
  archive.on("end", () => download.end("done", made));
  archive.on("close", leave);
  const size = serverEnv().STATEMENT_PAGE_SIZE;

  async function produce() {
    const csv = batchesBody(csvFormat, statements.batches(), statementColumns);
    archive.append(Readable.fromWeb(csv as import("node:stream/web").ReadableStream), { name: "statements.csv" });
    await written(archive);
    const names = new Set<string>();
    for await (const batch of statements.batches()) {
      for (const statement of batch) {
        if (gone) return;
        const pdf = await statementPdf(statement, size);
        archive.append(pdf, { name: zipEntryName(statement.investor.legalName, statement.investor.id, names) });
        await written(archive);
        made++;
      }
    }
    if (!gone) await archive.finalize();
  }
  void produce().catch((error: unknown) => {
    logLine("statements_zip_failed", { fundId: access.ref, reason: (error as Error).message, made });
    download.end("failed", made);
    archive.destroy(error as Error);
  });
  return new Response(Readable.toWeb(archive) as unknown as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": contentDisposition(`statements-${access.fundId}-${period.key}`, ".zip"),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
