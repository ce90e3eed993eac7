import type { ReactNode } from "react";

export interface Field {
  label: string;
  value: ReactNode;
  /** Right-aligned tabular figures. */
  numeric?: boolean;
}

interface FieldListProps {
  fields: Field[];
}

/** Label/value pairs as a description list. */
export function FieldList({ fields }: FieldListProps) {
  return (
    <dl className="grid grid-cols-[minmax(8rem,auto)_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
      {fields.map((field) => (
        <div key={field.label} className="contents">
          <dt className="text-zinc-600 dark:text-zinc-400">{field.label}</dt>
          <dd className={`min-w-0 break-words ${field.numeric ? "tabular-nums" : ""}`}>{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}
