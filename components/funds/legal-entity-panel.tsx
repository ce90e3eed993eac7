import { FieldList } from "@/components/ui/field-list";
import { Panel } from "@/components/ui/panel";
import { SecretValue } from "@/components/ui/secret-value";
import type { Fund } from "@/lib/funds/types";
import { valueField } from "./fund-value";

interface LegalEntityPanelProps {
  fund: Fund;
}

export function LegalEntityPanel({ fund }: LegalEntityPanelProps) {
  const entity = fund.legal_entity;
  const sensitivePath = `/api/funds/${encodeURIComponent(fund.id)}/sensitive`;
  return (
    <Panel title="Legal entity">
      <FieldList
        fields={[
          valueField("Display name", entity?.display_name),
          valueField("Legal name", entity?.legal_name),
          valueField("Type", entity?.type),
          valueField("Formation date", entity?.formation_date, "date"),
          valueField("Formation state", entity?.formation_state),
          valueField("Tax id type", entity?.tax_id_type),
          {
            label: "Tax id",
            value: <SecretValue masked={entity?.tax_id} name="fund tax id" path={sensitivePath} field="tax_id" />,
          },
        ]}
      />
    </Panel>
  );
}
