import "server-only";
import type { SessionUser } from "../auth/session-token";
import { BadRequest } from "../http/errors";
import { collectInvestors, getFund, listFunds, listInvestors, type Fund, type Investor } from "../customer-api";
import { fundFieldColumns, fundGridColumns, fundName } from "../funds/columns";
import { investorColumns } from "../investors/columns";
import { heldInvestorIndex, investorIndex } from "../investors/server/list-cache";
import { investorViewOptions, parseTypes, type InvestorView } from "../investors/investor-view";
import { logLine } from "../server/log";
import { admitSensitiveRead, auditSensitiveExport, type ExportAudit } from "../sensitive/server/sensitive-reads";
import { startExport } from "../server/fair-share";
import { sharedInFlight } from "../server/shared-in-flight";
import { parseSort } from "../table/sort-state";
import type { ColumnSpec } from "../table/types";
import { applyView } from "../table/view";
import { contentDisposition, today } from "./filename";
import type { CsvParams } from "./params";
import { csvBody, csvCollector, csvStream, encodedRows, inBatches, type CsvColumn, type EncodedRows } from "./stream";

/** The CSV columns of a resource: its fields by path, from the same specs as the tables. */
/** The query parameters of the view exports, and of the all-investors file (which has no view). */
export const csvQuery = ["sort", "q", "type", "all", "sensitive", "bom"] as const;
export const allInvestorsQuery = ["sensitive", "bom"] as const;

export function csvColumns<T>(specs: readonly ColumnSpec<T>[]): CsvColumn<T>[] {
  const fields = specs.filter((spec) => spec.csv !== false);
  // The record's id leads, as scripts expect; the rest keep the tables' order.
  const ordered = [...fields.filter((spec) => spec.id === "id"), ...fields.filter((spec) => spec.id !== "id")];
  return ordered.map((spec) => ({ header: spec.id, value: spec.value }));
}

function sortFor<T>(params: CsvParams, columns: readonly ColumnSpec<T>[]) {
  if (params.all || !params.sort) return null;
  const sort = parseSort(params.sort, columns);
  if (!sort) throw new BadRequest(`Unknown sort "${params.sort}": use <column>.asc or <column>.desc.`);
  return sort;
}

function csvResponse(body: ReadableStream<Uint8Array>, disposition: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": disposition,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * What every export does around its rows: at most a couple at once per person; one with full tax ids and account
 * numbers is same-origin and limited like a reveal, and audited from its start (who, which file; then the rows sent
 * when it ends, is cancelled or fails; never the values).
 */
async function exportHooks(request: Request, params: CsvParams, file: string, fundId: string | null, user: SessionUser) {
  if (params.sensitive) await admitSensitiveRead(request, user, "export");
  const end = startExport(user.email);
  const audit: Partial<ExportAudit> = params.sensitive ? auditSensitiveExport(user, file, fundId) : {};
  return {
    onDone: (rows: number) => {
      end();
      audit.onDone?.(rows);
    },
    onCancel: (rows: number) => {
      end();
      audit.onCancel?.(rows);
    },
    onError: (error: unknown, rows: number) => {
      end();
      audit.onError?.(error, rows);
    },
  } satisfies ExportAudit;
}

/** Awaits what an export needs before its first row; a failure there ends the export (and its audit) at once. */
async function before<T>(hooks: ExportAudit, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    hooks.onError(error, 0);
    throw error;
  }
}

export async function fundsCsv(request: Request, params: CsvParams, user: SessionUser): Promise<Response> {
  const sort = sortFor(params, fundGridColumns);
  const file = `funds-${today()}.csv`;
  const hooks = await exportHooks(request, params, file, null, user);
  const funds = await before(hooks, listFunds({ sensitive: params.sensitive, user }));
  const rows = params.all ? funds : applyView(funds, fundGridColumns, { query: params.q, sort });
  const body = csvStream(inBatches(rows), csvColumns(fundFieldColumns), { bom: params.bom, ...hooks });
  return csvResponse(body, contentDisposition("funds", `-${today()}.csv`));
}

type CsvChunks = Iterable<EncodedRows> | AsyncIterable<EncodedRows>;

/**
 * A view's rows as CSV. Masked rows come from the held list when there is one (the rows the table shows); full
 * values are fetched for the export only and never held.
 */
async function investorCsvRows(fundId: string, view: InvestorView, sensitive: boolean, user: SessionUser): Promise<CsvChunks> {
  const columns = csvColumns(investorColumns);
  const held = sensitive ? null : await heldInvestorIndex(fundId, { user });
  if (held) return encodedRows(await held.rows(view), columns);
  // With no order or filter to apply, the list is read straight into CSV: only the CSV text is kept, and people
  // exporting the same fund at once share one read (each request was checked for its session and its choice).
  if (!view.sort && !view.query && view.types.length === 0) {
    const key = `investors.csv:${fundId}:${sensitive ? "full" : "masked"}`;
    return sharedInFlight(key, () => collectInvestors(fundId, () => csvCollector(columns), { user, sensitive }));
  }
  if (sensitive) {
    const all = await listInvestors(fundId, { sensitive, user });
    return encodedRows(applyView(all, investorColumns, investorViewOptions(view)), columns);
  }
  // A masked view needs the whole list; it is then held for the table too.
  return encodedRows(await (await investorIndex(fundId, { user })).rows(view), columns);
}

export async function fundInvestorsCsv(request: Request, fundId: string, params: CsvParams, user: SessionUser): Promise<Response> {
  const sort = sortFor(params, investorColumns);
  // sortFor already gives no sort for every row (all=1).
  const view: InvestorView = params.all ? { sort, query: "", types: [] } : { sort, query: params.q ?? "", types: parseTypes(params.type) };
  const suffix = `-investors-${today()}.csv`;
  const hooks = await exportHooks(request, params, `${fundId}${suffix}`, fundId, user);
  const [fund, chunks] = await before(hooks, Promise.all([getFund(fundId), investorCsvRows(fundId, view, params.sensitive, user)]));
  const body = csvBody(csvColumns(investorColumns), chunks, { bom: params.bom, ...hooks });
  return csvResponse(body, contentDisposition(fundName(fund), suffix));
}

interface FundInvestor {
  fund: Fund;
  investor: Investor;
}

/** Every fund's investors in fund order, fetched at most 4 funds at a time; a failure ends the iteration. */
async function* everyInvestor(funds: readonly Fund[], sensitive: boolean, user: SessionUser): AsyncGenerator<FundInvestor[]> {
  const inFlight: Promise<Investor[]>[] = [];
  let next = 0;
  const startNext = () => {
    const fund = funds[next++];
    if (!fund) return;
    // Runs while the response streams, after the request scope: the route's checked user vouches for it.
    const request = listInvestors(fund.id, { sensitive, user });
    request.catch(() => undefined); // awaited in turn below; this only keeps an early failure from going unhandled
    inFlight.push(request);
  };
  for (let i = 0; i < 4; i++) startNext();
  for (const fund of funds) {
    const investors = await inFlight.shift()!;
    startNext();
    for await (const batch of inBatches(investors)) yield batch.map((investor) => ({ fund, investor }));
  }
}

export async function allInvestorsCsv(request: Request, params: CsvParams, user: SessionUser): Promise<Response> {
  const file = `all-investors-${today()}.csv`;
  const hooks = await exportHooks(request, params, file, null, user);
  const funds = await before(hooks, listFunds({ user }));
  const columns: CsvColumn<FundInvestor>[] = [
    { header: "fund.id", value: (row) => row.fund.id },
    { header: "fund.name", value: (row) => fundName(row.fund) },
    ...csvColumns(investorColumns).map((column) => ({ header: column.header, value: (row: FundInvestor) => column.value(row.investor) })),
  ];
  const body = csvStream(everyInvestor(funds, params.sensitive, user), columns, {
    bom: params.bom,
    ...hooks,
    onError: (error, rows) => {
      hooks.onError(error, rows);
      logLine("export_aborted", { file, rows, reason: error instanceof Error ? error.message.slice(0, 120) : "unknown" });
    },
  });
  return csvResponse(body, contentDisposition("all-investors", `-${today()}.csv`));
}

