import {
  formatCount,
  formatDate,
  formatMoney,
  formatPercent,
  formatText,
  formatTimestampTitle,
} from "@/lib/values/format";
import type { ColumnKind, RawValue } from "@/lib/table/types";

interface FormattedValueProps {
  kind: ColumnKind;
  value: RawValue;
}

/** One value shown the way its kind reads: exact money, percent as given, UTC day with the timestamp on hover. */
export function FormattedValue({ kind, value }: FormattedValueProps) {
  switch (kind) {
    case "money":
      return <span className="tabular-nums">{formatMoney(value)}</span>;
    case "percent":
      return <span className="tabular-nums">{formatPercent(value)}</span>;
    case "count":
      return <span className="tabular-nums">{formatCount(value)}</span>;
    case "date": {
      const title = formatTimestampTitle(value);
      return title ? (
        <time dateTime={String(value)} title={title}>
          {formatDate(value)}
        </time>
      ) : (
        <span>{formatDate(value)}</span>
      );
    }
    default: {
      const text = formatText(value);
      // Long text is truncated in a table cell; the title keeps it readable on hover.
      return <span title={text.length > 24 ? text : undefined}>{text}</span>;
    }
  }
}

export function isNumericKind(kind: ColumnKind | undefined): boolean {
  return kind === "money" || kind === "percent" || kind === "count";
}
