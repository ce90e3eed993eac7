import type { PersonAccess } from "@/lib/access/overview";
import { RevokeButton } from "./revoke-button";

interface PeopleTableProps {
  label: string;
  people: PersonAccess[];
  /** A "Revoke sessions" button on each row (admins). */
  revoke: boolean;
  /** When each person was last let in or refused, and how. */
  seen: boolean;
}

const methods = { local: "users file", oidc: "single sign-on", proxy: "proxy" } as const;
const cell = "px-3 py-2 text-left";
const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** People with their role, scope and what granted them; a short list, rendered on the server. */
export function PeopleTable({ label, people, revoke, seen }: PeopleTableProps) {
  const headings = [
    "Email",
    "Name",
    "Role",
    "Scope",
    "Granted by",
    ...(seen ? ["Signed in by", "Last seen (UTC)"] : []),
  ];
  return (
    <div className="relative overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
      <table aria-label={label} className="w-full border-collapse text-[13px]">
        <thead className="bg-zinc-50 dark:bg-zinc-900">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className={`${cell} font-medium`}>
                {heading}
              </th>
            ))}
            {revoke ? (
              <th scope="col" className={`${cell} font-medium`}>
                <span className="sr-only">Sessions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {people.map((person) => (
            <tr key={`${person.method}/${person.email}`} className="border-t border-zinc-100 dark:border-zinc-800">
              <td className={cell}>{person.email}</td>
              <td className={cell}>{person.name ?? ""}</td>
              <td className={cell}>{person.role ?? "none (refused)"}</td>
              <td className={cell}>{person.scope}</td>
              <td className={cell}>{person.grantedBy}</td>
              {seen ? <td className={cell}>{methods[person.method]}</td> : null}
              {seen ? <td className={cell}>{person.at === null ? "" : when.format(person.at)}</td> : null}
              {revoke ? (
                <td className={cell}>
                  <RevokeButton email={person.email} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
