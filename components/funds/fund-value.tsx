import { FormattedValue } from "@/components/data-table/formatted-value";
import type { ColumnKind, RawValue } from "@/lib/table/types";
import type { Field } from "@/components/ui/field-list";

/** A field list row for a raw API value of a given kind. */
export function valueField(label: string, value: RawValue, kind: ColumnKind = "text"): Field {
  return {
    label,
    value: <FormattedValue kind={kind} value={value} />,
    numeric: kind === "money" || kind === "percent",
  };
}
