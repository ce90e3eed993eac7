import { FieldList } from "@/components/ui/field-list";
import { Panel } from "@/components/ui/panel";
import { SecretValue } from "@/components/ui/secret-value";
import type { RawValue } from "@/lib/table/types";
import { valueField } from "./fund-value";

export interface BankDetails {
  bankName: RawValue;
  accountName: RawValue;
  accountNumber: string | null | undefined;
  routingNumber: RawValue;
  swiftCode: RawValue;
  additionalInstructions: RawValue;
}

interface BankPanelProps {
  bank: BankDetails;
  /** The record's sensitive route, asked for the full account number on Reveal. */
  sensitivePath: string;
}

/** Wiring details of a fund or an investor; the account number stays masked until revealed. */
export function BankPanel({ bank, sensitivePath }: BankPanelProps) {
  return (
    <Panel title="Bank">
      <FieldList
        fields={[
          valueField("Bank name", bank.bankName),
          valueField("Account name", bank.accountName),
          {
            label: "Account number",
            value: (
              <SecretValue
                masked={bank.accountNumber}
                name="bank account number"
                path={sensitivePath}
                field="account_number"
              />
            ),
          },
          valueField("Routing number", bank.routingNumber),
          valueField("SWIFT", bank.swiftCode),
          valueField("Additional instructions", bank.additionalInstructions),
        ]}
      />
    </Panel>
  );
}
