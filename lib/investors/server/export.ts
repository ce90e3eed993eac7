import "server-only";
import type { inferParserType } from "nuqs";
import { csvColumns } from "../../csv/columns";
import {
  encodedRows,
  type ExportColumn,
  type ExportFormat,
  rowsCollector,
  type WrittenRows,
} from "../../csv/export-format";
import { contentDisposition, today } from "../../csv/filename";
import { beforeFirstRow, exportHooks, exportResponse } from "../../csv/server/export-response";
import { fundAccess } from "../../data/fund-access";
import { type Fund, getFund } from "../../data/funds";
import { collectInvestors, listInvestors } from "../../data/investors";
import type { Principal } from "../../data/principal";
import { fundName } from "../../funds/columns";
import { sharedInScope } from "../../server/shared-in-flight";
import type { Investor } from "../../customer-api/schemas";
import { fundFollowUps } from "../../store/server/team";
import { applyView } from "../../table/view";
import { investorColumns } from "../columns";
import { defaultInvestorView, type InvestorView, type investorCsvParsers } from "../search-params";
import { investorViewOptions } from "../view-options";
import { heldInvestorIndex, investorIndex } from "./list-cache";

type Chunks = Iterable<WrittenRows> | AsyncIterable<WrittenRows>;

const isWholeList = (view: InvestorView) =>
  !view.sort && !view.q && view.type.length === 0 && !view.check && !view.outstanding;

/**
 * A view's rows in the file's format. Masked rows come from the held list when there is one (the rows the table shows); full
 * values are fetched for the export only and never held.
 */
async function investorRows(
  principal: Principal,
  fundId: string,
  fund: Promise<Fund>,
  view: InvestorView,
  sensitive: boolean,
  format: ExportFormat,
  columns: ExportColumn<Investor>[],
): Promise<Chunks> {
  const held = sensitive ? null : await heldInvestorIndex(principal, fundId);
  if (held) return encodedRows(format, await held.rows(view), columns);
  // With no order or filter to apply, the list is read straight into the file's rows: only those are kept (an xlsx is
  // written meanwhile), and people of one role and scope exporting the same fund at once share one read (each
  // request was checked for its session and its choice; the policy decided the read for the first of them).
  if (isWholeList(view)) {
    const key = `investors${format.extension}:${fundId}:${sensitive ? "full" : "masked"}:${columns.length}`;
    const collector = () => rowsCollector(format, columns, { early: true });
    const read = () => collectInvestors(principal, fundId, collector, { sensitive });
    return sharedInScope(principal, key, async () => (await read()).value);
  }
  if (sensitive) {
    const all = await listInvestors(principal, fundId, { sensitive });
    const options = investorViewOptions(view, (await fund).calculation_method);
    return encodedRows(format, applyView(all, investorColumns, options), columns);
  }
  // A masked view needs the whole list; it is then held for the table too.
  return encodedRows(format, await (await investorIndex(principal, fundId)).rows(view), columns);
}

/** The file's columns: every field, and each investor's next follow-up when the table shows that column. */
async function fileColumns(
  principal: Principal,
  fundId: string,
  followUps: boolean,
): Promise<ExportColumn<Investor>[]> {
  const fields = csvColumns(investorColumns);
  if (!followUps) return fields;
  const next = await fundFollowUps((await fundAccess(principal, fundId, "note.read")).storeKey);
  const of = (investor: Investor) => next.get(investor.id);
  return [
    ...fields,
    { header: "followUp.state", kind: "text", value: (investor) => of(investor)?.state },
    { header: "followUp.due", kind: "date", value: (investor) => of(investor)?.due },
    { header: "followUp.assignee", kind: "text", value: (investor) => of(investor)?.assignee },
  ];
}

/** The investors of the table's view, or all of them with `all`, as CSV or xlsx. */
export async function fundInvestorsExport(
  request: Request,
  fundId: string,
  params: inferParserType<typeof investorCsvParsers>,
  principal: Principal,
  format: ExportFormat,
): Promise<Response> {
  const { all, sensitive, bom, followUps, ...filters } = params;
  const view: InvestorView = all ? defaultInvestorView : filters;
  const suffix = `-investors-${today()}${format.extension}`;
  const hooks = await exportHooks(request, sensitive, `${fundId}${suffix}`, fundId, principal);
  const fundRead = getFund(principal, fundId);
  const columns = await beforeFirstRow(hooks, fileColumns(principal, fundId, followUps));
  const [fund, chunks] = await beforeFirstRow(
    hooks,
    Promise.all([fundRead, investorRows(principal, fundId, fundRead, view, sensitive, format, columns)]),
  );
  const options = { bom, sheet: `Investors - ${fundName(fund)}`, ...hooks };
  const body = format.body(columns, chunks, options);
  return exportResponse(format, body, contentDisposition(fundName(fund), suffix));
}
