import "server-only";
import { csvColumns } from "../../csv/columns";
import { batchesBody, type ExportColumn, type ExportFormat } from "../../csv/export-format";
import { contentDisposition, today } from "../../csv/filename";
import { exportHooks, exportResponse } from "../../csv/server/export-response";
import type { Investor } from "../../data/investors";
import type { Principal } from "../../data/principal";
import { incompleteExport, missingFunds, partialHeaders } from "../../organization/server/failures";
import { organizationState } from "../../organization/server/state";
import { keptPositionSlices } from "../../store/server";
import { investorColumns } from "../columns";
import { allInvestorsLive } from "./all-investors-live";

interface Row {
  fund: { id: string; name: string };
  investor: Investor;
}

// The fund's id and name first, then every investor field as a fund's own file has them.
const columns: ExportColumn<Row>[] = [
  { header: "fund.id", value: (row) => row.fund.id },
  { header: "fund.name", value: (row) => row.fund.name },
  ...csvColumns(investorColumns).map((column) => ({ ...column, value: (row: Row) => column.value(row.investor) })),
];

/**
 * Every investor of every fund, the fund's id and name first: the funds' current kept reads, streamed from the store a
 * slice at a time (memory holds one slice, whatever the organization's size). Funds not read yet or whose read failed
 * make it 409 naming them, or with `partial` a file named `…-partial.csv` without them (X-Missing-Funds). With
 * `sensitive`, every fund is read live: only the upstream holds those fields unmasked.
 */
export async function allInvestorsExport(
  request: Request,
  params: { sensitive: boolean; bom: boolean; partial: boolean },
  principal: Principal,
  format: ExportFormat,
): Promise<Response> {
  if (params.sensitive) return allInvestorsLive(request, params, principal, format);
  const organization = await organizationState(principal);
  const missing = await missingFunds(organization);
  if (missing.count > 0 && !params.partial) return incompleteExport(missing);
  const hooks = await exportHooks(request, false, `all-investors-${today()}${format.extension}`, null, principal);
  async function* rows() {
    for await (const slice of keptPositionSlices(organization.scope)) {
      const fund = { id: organization.refOf(slice), name: slice.name ?? slice.fundId };
      yield slice.records.map((investor) => ({ fund, investor: investor as Investor }));
    }
  }
  const body = batchesBody(format, rows(), columns, { bom: params.bom, sheet: "All investors", ...hooks });
  const suffix = `-${today()}${missing.count > 0 ? "-partial" : ""}${format.extension}`;
  return exportResponse(format, body, contentDisposition("all-investors", suffix), partialHeaders(missing));
}
