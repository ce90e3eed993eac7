import type { ReactNode } from "react";

export interface PhoneCard {
  key: string;
  /** The row's name, usually its link. */
  title: ReactNode;
  /** Short lines under the title. */
  details?: ReactNode[];
  /** The amounts the page is about, each with its column's header. */
  figures?: { label: string; value: ReactNode }[];
  /** Anything else on its own line (a longer text that wraps). */
  note?: ReactNode;
}

interface PhoneCardsProps {
  /** The list's accessible name: the same as the table it stands for. */
  label: string;
  cards: PhoneCard[];
  className?: string;
}

/** A table's rows as a list of cards, one column wide: what a phone shows in place of the table (below `md`). */
export function PhoneCards({ label, cards, className = "" }: PhoneCardsProps) {
  return (
    <ul
      aria-label={label}
      className={`divide-y divide-zinc-200 rounded-lg border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800 ${className}`}
    >
      {cards.map((card) => (
        <li key={card.key} className="min-w-0 px-3 py-2.5">
          <div className="break-words font-medium [&_a]:inline-block [&_a]:min-h-6 [&_a]:py-0.5">{card.title}</div>
          {card.details?.map((detail, index) => (
            <div
              key={index}
              className="break-words text-zinc-600 dark:text-zinc-400 [&_a]:inline-block [&_a]:min-h-6 [&_a]:py-0.5"
            >
              {detail}
            </div>
          ))}
          {card.note ? <div className="mt-1 break-words">{card.note}</div> : null}
          {card.figures && card.figures.length > 0 ? (
            <dl className="mt-1.5 grid grid-cols-2 gap-x-3 gap-y-1">
              {card.figures.map((figure) => (
                <div key={figure.label} className="min-w-0">
                  <dt className="text-xs text-zinc-600 dark:text-zinc-400">{figure.label}</dt>
                  <dd className="break-words font-medium tabular-nums">{figure.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
