import "server-only";
import { csvColumns } from "../../csv/columns";
import { contentDisposition, today } from "../../csv/filename";
import { beforeFirstRow, csvResponse, exportHooks } from "../../csv/server/export-response";
import { type CsvColumn, csvStream, inBatches } from "../../csv/stream";
import { type Fund, listFunds } from "../../data/funds";
import { type Investor, listInvestors } from "../../data/investors";
import type { Principal } from "../../data/principal";
import { fundName } from "../../funds/columns";
import { logLine } from "../../server/log";
import { investorColumns } from "../columns";

interface FundInvestor {
  fund: Fund;
  investor: Investor;
}

/** Every fund's investors in fund order, fetched at most 4 funds at a time; a failure ends the iteration. */
async function* everyInvestor(
  principal: Principal,
  funds: readonly Fund[],
  sensitive: boolean,
): AsyncGenerator<FundInvestor[]> {
  const inFlight: Promise<Investor[]>[] = [];
  let next = 0;
  const startNext = () => {
    const fund = funds[next++];
    if (!fund) return;
    const request = listInvestors(principal, fund.id, { sensitive });
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

/** Every investor of every fund, the fund's id and name first; a fund failing mid-way aborts the download. */
export async function allInvestorsCsv(
  request: Request,
  params: { sensitive: boolean; bom: boolean },
  principal: Principal,
): Promise<Response> {
  const file = `all-investors-${today()}.csv`;
  const hooks = await exportHooks(request, params.sensitive, file, null, principal);
  const funds = await beforeFirstRow(hooks, listFunds(principal));
  const columns: CsvColumn<FundInvestor>[] = [
    { header: "fund.id", value: (row) => row.fund.id },
    { header: "fund.name", value: (row) => fundName(row.fund) },
    ...csvColumns(investorColumns).map((column) => ({
      header: column.header,
      value: (row: FundInvestor) => column.value(row.investor),
    })),
  ];
  const body = csvStream(everyInvestor(principal, funds, params.sensitive), columns, {
    bom: params.bom,
    ...hooks,
    onError: (error, rows) => {
      hooks.onError(error, rows);
      logLine("export_aborted", {
        file,
        rows,
        reason: error instanceof Error ? error.message.slice(0, 120) : "unknown",
      });
    },
  });
  return csvResponse(body, contentDisposition("all-investors", `-${today()}.csv`));
}
