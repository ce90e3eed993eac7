import { amountsNote, notProvidedNote, statementHeader, statementSections } from "@/lib/statements/lines";
import type { Statement } from "@/lib/statements/types";

/** A statement's figures, exactly the lines its PDF prints (lib/statements/lines.ts), as a list and tables. */
export function StatementView({ statement }: { statement: Statement }) {
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-[minmax(7rem,auto)_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {statementHeader(statement).map((line) => (
          <div key={line.label} className="contents">
            <dt className="text-zinc-600 dark:text-zinc-400">{line.label}</dt>
            <dd className="min-w-0 break-words">
              {line.value}
              {line.note ? <span className="text-amber-700 dark:text-amber-300"> ({line.note})</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {statementSections(statement).map((section) => (
          <table key={section.title} className="w-full text-sm">
            <caption className="pb-1 text-left font-semibold">{section.title}</caption>
            <tbody>
              {section.lines.map((line) => (
                <tr key={line.label} className="border-t border-zinc-200 dark:border-zinc-800">
                  <th scope="row" className={`py-1 pr-3 text-left ${line.strong ? "font-semibold" : "font-normal"}`}>
                    {line.label}
                    {line.note ? <span className="text-zinc-600 dark:text-zinc-400"> ({line.note})</span> : null}
                  </th>
                  <td className={`py-1 text-right tabular-nums ${line.strong ? "font-semibold" : ""}`}>{line.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{notProvidedNote}</p>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{amountsNote}</p>
    </div>
  );
}
