import "server-only";
import pLimit from "p-limit";
import { csvColumns } from "../../csv/columns";
import { type ExportColumn, type ExportFormat, rowsCollector, type WrittenRows } from "../../csv/export-format";
import { contentDisposition, today } from "../../csv/filename";
import { beforeFirstRow, exportHooks, exportResponse } from "../../csv/server/export-response";
import { type Fund, listFunds } from "../../data/funds";
import { collectInvestors, type Investor } from "../../data/investors";
import type { Principal } from "../../data/principal";
import { incompleteExport, partialHeaders } from "../../organization/server/failures";
import type { FailedFund } from "../../organization/types";
import { fundName } from "../../funds/columns";
import { statusOf } from "../../http/error-response";
import { serverEnv } from "../../server/env";
import { investorColumns } from "../columns";

interface FundRows {
  fund: Fund;
  chunks: WrittenRows[];
  failure: FailedFund | null;
}

const fundFields = ["fund.id", "fund.name"];

/** The file's columns for one fund's investors: the fund's id and name first, then every investor field. */
function columnsFor(fund: Fund): ExportColumn<Investor>[] {
  const fundValues = [fund.id, fundName(fund)];
  return [...fundFields.map((header, at) => ({ header, value: () => fundValues[at] })), ...csvColumns(investorColumns)];
}

const header = [...fundFields.map((name) => ({ header: name })), ...csvColumns(investorColumns)];

async function readFund(principal: Principal, fund: Fund, sensitive: boolean, format: ExportFormat): Promise<FundRows> {
  try {
    const collector = () => rowsCollector(format, columnsFor(fund));
    const { value } = await collectInvestors(principal, fund.id, collector, { sensitive });
    return { fund, chunks: value, failure: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : "The fund's investors could not be read.";
    return {
      fund,
      chunks: [],
      failure: { id: fund.id, name: fundName(fund), status: statusOf(error) ?? 502, message },
    };
  }
}

/**
 * Every investor of every fund with their sensitive fields, which only the upstream holds unmasked: every fund is
 * read live (a few at a time, straight into the file's rows) before the first row is sent, so the file is never short
 * without saying so: when funds cannot be read the answer is 409 naming them, or with `partial` a file named
 * `…-partial.csv` without them (X-Missing-Funds).
 */
export async function allInvestorsLive(
  request: Request,
  params: { sensitive: boolean; bom: boolean; partial: boolean },
  principal: Principal,
  format: ExportFormat,
): Promise<Response> {
  const file = `all-investors-${today()}${format.extension}`;
  const hooks = await exportHooks(request, params.sensitive, file, null, principal);
  const read = async () => {
    const funds = await listFunds(principal);
    const limit = pLimit(serverEnv().DIRECTORY_CONCURRENCY);
    return Promise.all(funds.map((fund) => limit(() => readFund(principal, fund, params.sensitive, format))));
  };
  const funds = await beforeFirstRow(hooks, read());
  const failed = funds.flatMap((fund) => (fund.failure ? [fund.failure] : []));
  if (failed.length > 0 && !params.partial) {
    hooks.onError(new Error("funds could not be read"), 0);
    return incompleteExport({ funds: failed.slice(0, 100), count: failed.length });
  }
  const chunks = funds.flatMap((fund) => fund.chunks);
  const body = format.body(header, chunks, { bom: params.bom, sheet: "All investors", ...hooks });
  const suffix = `-${today()}${failed.length > 0 ? "-partial" : ""}${format.extension}`;
  return exportResponse(
    format,
    body,
    contentDisposition("all-investors", suffix),
    partialHeaders({ funds: failed.slice(0, 100), count: failed.length }),
  );
}
