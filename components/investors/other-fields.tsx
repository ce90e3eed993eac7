import { FieldList } from "@/components/ui/field-list";
import type { UnknownField } from "@/lib/investors/unknown-fields";

interface OtherFieldsProps {
  fields: UnknownField[];
}

/** Fields the upstream added beyond the spec, collapsed by default rather than dropped. */
export function OtherFields({ fields }: OtherFieldsProps) {
  if (fields.length === 0) return null;
  return (
    <details className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <summary className="cursor-pointer font-semibold">Other fields ({fields.length})</summary>
      <div className="mt-3">
        <FieldList
          fields={fields.map((field) => ({
            label: field.path,
            value: <span className="font-mono">{field.value}</span>,
          }))}
        />
      </div>
    </details>
  );
}
