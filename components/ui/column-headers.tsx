interface ColumnHeadersProps {
  /** Each column's header; `numeric` ones are right-aligned over their figures. */
  columns: { label: string; numeric?: boolean }[];
}

/** A table's header row of plain column names, the last without right padding. */
export function ColumnHeaders({ columns }: ColumnHeadersProps) {
  return (
    <thead className="text-left text-zinc-600 dark:text-zinc-400">
      <tr>
        {columns.map((column, at) => (
          <th
            key={column.label}
            scope="col"
            className={`py-1 font-medium ${at < columns.length - 1 ? "pr-3" : ""} ${column.numeric ? "text-right" : ""}`}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
