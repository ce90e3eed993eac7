interface ProgressBarProps {
  label: string;
  /** Share filled as decimal text from 0 to 100 ("62.5"); null when it cannot be worked out. */
  fill: string | null;
  /** The figures written on the bar ("1,250,000.00 of 2,000,000.00"). */
  caption: string;
}

/** A labelled bar with its figures written on it, so nobody has to read a length. */
export function ProgressBar({ label, fill, caption }: ProgressBarProps) {
  return (
    <div>
      <div className="mb-1 flex justify-between gap-2 text-sm">
        <span className="text-zinc-600 dark:text-zinc-400">{label}</span>
        <span className="tabular-nums">{caption}</span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={fill === null ? 0 : Number(fill)}
        aria-valuetext={caption}
        className="h-3 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div className="h-full rounded-full bg-blue-600 dark:bg-blue-500" style={{ width: `${fill ?? 0}%` }} />
      </div>
    </div>
  );
}
