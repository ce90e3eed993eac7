import type { RuleAccess } from "@/lib/access/overview";

const cell = "px-3 py-2 text-left";

/** The access rules: which group gets which role over which scope. */
export function RulesTable({ rules }: { rules: RuleAccess[] }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
      <table aria-label="Access rules" className="w-full border-collapse text-[13px]">
        <thead className="bg-zinc-50 dark:bg-zinc-900">
          <tr>
            {["Group", "Role", "Scope"].map((heading) => (
              <th key={heading} scope="col" className={`${cell} font-medium`}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rules.map((rule) => (
            <tr key={rule.group} className="border-t border-zinc-100 dark:border-zinc-800">
              <td className={cell}>{rule.group}</td>
              <td className={cell}>{rule.role}</td>
              <td className={cell}>{rule.scope}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
