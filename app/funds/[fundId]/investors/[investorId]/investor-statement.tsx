import { FileLinks } from "@/components/statements/file-links";
import { PeriodPicker } from "@/components/statements/period-picker";
import { StatementView } from "@/components/statements/statement-view";
import { Panel } from "@/components/ui/panel";
import { requireUser } from "@/lib/auth/session";
import { readInPlace } from "@/lib/data/prefetch";
import type { Period } from "@/lib/statements/periods";
import { periodSearch } from "@/lib/statements/search-params";
import { investorStatement } from "@/lib/statements/server/statement";

interface InvestorStatementProps {
  fundId: string;
  investorId: string;
  period: Period;
}

/** The Statement section: the period's figures from the kept reads, exactly as the PDF prints them, and the files. */
export async function InvestorStatement({ fundId, investorId, period }: InvestorStatementProps) {
  const now = new Date();
  const { value, failure } = await readInPlace(async () =>
    investorStatement(await requireUser(), fundId, investorId, period, { now }),
  );
  const page = `/funds/${encodeURIComponent(fundId)}/investors/${encodeURIComponent(investorId)}`;
  const base = `/api${page}/statement`;
  const search = periodSearch(period);
  return (
    <Panel title="Statement">
      <div className="space-y-4" id="statement">
        <PeriodPicker period={period} action={`${page}#statement`} now={now} />
        {value ? (
          <>
            <StatementView statement={value.statement} />
            <FileLinks
              label={`Statement files, ${period.label}`}
              files={[
                { label: "PDF", href: `${base}.pdf${search}` },
                { label: "CSV", href: `${base}.csv${search}` },
                { label: "Excel (.xlsx)", href: `${base}.xlsx${search}` },
              ]}
            />
          </>
        ) : (
          <p role="status" className="text-sm">
            {failure.message}
          </p>
        )}
      </div>
    </Panel>
  );
}
