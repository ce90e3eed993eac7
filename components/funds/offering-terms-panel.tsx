import { FieldList } from "@/components/ui/field-list";
import { Panel } from "@/components/ui/panel";
import type { Fund } from "@/lib/funds/types";
import { calculationMethodMeaning } from "@/lib/funds/calculation-method";
import { formatText } from "@/lib/values/format";
import { valueField } from "./fund-value";

interface OfferingTermsPanelProps {
  fund: Fund;
}

export function OfferingTermsPanel({ fund }: OfferingTermsPanelProps) {
  const meaning = calculationMethodMeaning(fund.calculation_method);
  return (
    <Panel title="Offering terms">
      <FieldList
        fields={[
          {
            label: "Calculation method",
            value: (
              <span>
                <span className="capitalize">{formatText(fund.calculation_method)}</span>
                {meaning ? <span className="block text-zinc-600 dark:text-zinc-400">{meaning}</span> : null}
              </span>
            ),
          },
          valueField("Carry", fund.carry_percent, "percent"),
          valueField("Management fee", fund.management_fee_percent, "percent"),
          valueField("Minimum investment", fund.minimum_investment, "money"),
          valueField("Expense reserve", fund.expense_reserve, "money"),
          valueField("Target size", fund.target_size, "money"),
          valueField("Round type", fund.round_type),
          valueField("Security type", fund.security_type),
          valueField("Portfolio company", fund.portfolio_company_legal_name),
          valueField("Sign-by date", fund.sign_by_date, "date"),
          valueField("Capital due date", fund.capital_due_date, "date"),
          {
            label: "Deal description",
            // Rendered as text: any markup in it shows as characters, never as HTML.
            value: <span className="whitespace-pre-line">{formatText(fund.deal_description)}</span>,
          },
        ]}
      />
    </Panel>
  );
}
