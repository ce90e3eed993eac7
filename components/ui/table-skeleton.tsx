interface TableSkeletonProps {
  rows?: number;
  label?: string;
}

/** Grey bars in the shape of a table while data loads. */
export function TableSkeleton({ rows = 8, label = "Loading" }: TableSkeletonProps) {
  return (
    <div role="status" aria-label={label} className="space-y-2">
      <div className="h-9 w-72 animate-pulse rounded-md bg-zinc-200 dark:bg-zinc-800" />
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="h-8 animate-pulse rounded bg-zinc-100 dark:bg-zinc-900" />
      ))}
    </div>
  );
}
