import "server-only";
import { type ExportFormat, batchesBody, rowsBody } from "../../csv/export-format";
import { exportResponse } from "../../csv/server/export-response";
import { contentDisposition } from "../../csv/filename";
import { fundAccess } from "../../data/fund-access";
import type { Principal } from "../../data/principal";
import { serverEnv } from "../../server/env";
import { statementColumns } from "../columns";
import { type PeriodQuery, periodOf } from "../search-params";
import { fundStatements } from "./batch";
import { startStatementDownload } from "./downloads";
import { statementPdf } from "./pdf";
import { investorStatement } from "./statement";

// The statement files: one investor's PDF, CSV and Excel, and a fund's statements as one CSV or one sheet. Every one
// is decided on the fund (out of scope: 404), counted against the export limits and written in the audit trail.

interface Ask {
  request: Request;
  user: Principal;
  fundId: string;
  query: PeriodQuery;
}

/** One investor's statement as a PDF (one page) or as the row of a CSV or a sheet. */
export async function statementFile(ask: Ask & { investorId: string }, format: ExportFormat | "pdf") {
  const period = periodOf(ask.query);
  const { access, statement } = await investorStatement(ask.user, ask.fundId, ask.investorId, period, {
    action: "export.masked",
  });
  const extension = format === "pdf" ? "pdf" : format.extension === ".csv" ? "csv" : "xlsx";
  const download = await startStatementDownload(ask.request, ask.user, access, {
    investorId: ask.investorId,
    period,
    format: extension,
  });
  const name = `statement-${statement.investor.legalName}-${period.key}`;
  try {
    if (format === "pdf") {
      const bytes = await statementPdf(statement, serverEnv().STATEMENT_PAGE_SIZE);
      download.end("done", 1);
      return new Response(new Uint8Array(bytes), {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": contentDisposition(name, ".pdf"),
          "Cache-Control": "private, no-store",
          "X-Content-Type-Options": "nosniff",
        },
      });
    }
    const body = rowsBody(format, [statement], statementColumns, {
      sheet: "Statement",
      onDone: (rows) => download.end("done", rows),
      onCancel: (rows) => download.end("cancelled", rows),
      onError: (_error, rows) => download.end("failed", rows),
    });
    return exportResponse(format, body, contentDisposition(name, format.extension));
  } catch (error) {
    download.end("failed", 0);
    throw error;
  }
}

/** Every investor's statement of the fund for the period: one row each, as one CSV or one sheet. */
export async function statementsFile(ask: Ask, format: ExportFormat) {
  const period = periodOf(ask.query);
  const access = await fundAccess(ask.user, ask.fundId, "export.masked");
  const statements = await fundStatements(ask.user, access, period);
  const extension = format.extension === ".csv" ? "csv" : "xlsx";
  const download = await startStatementDownload(ask.request, ask.user, access, {
    investorId: null,
    period,
    format: extension,
  });
  const body = batchesBody(format, statements.batches(), statementColumns, {
    sheet: "Statements",
    onDone: (rows) => download.end("done", rows),
    onCancel: (rows) => download.end("cancelled", rows),
    onError: (_error, rows) => download.end("failed", rows),
  });
  return exportResponse(
    format,
    body,
    contentDisposition(`statements-${access.fundId}-${period.key}`, format.extension),
  );
}
