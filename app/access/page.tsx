import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ForgetForm } from "@/components/access/forget-form";
import { PeopleTable } from "@/components/access/people-table";
import { RulesTable } from "@/components/access/rules-table";
import { can } from "@/lib/access/policy";
import { accessOverview } from "@/lib/access/server/overview";
import { requireUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Access" };

const note = "mb-3 text-sm text-zinc-600 dark:text-zinc-400";

// Who has which role and scope, and from which rule or file: admins only; anyone else finds nothing here.
export default async function AccessPage() {
  const person = await requireUser();
  if (!can(person, "access.read", null)) notFound();
  const { users, rules, recent } = await accessOverview();
  const revoke = can(person, "session.revoke", null);
  const forget = can(person, "person.forget", null);
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold tracking-tight">Access</h1>
      <section aria-labelledby="access-users" className="space-y-2">
        <h2 id="access-users" className="text-lg font-semibold">
          Users file
        </h2>
        {users.length ? (
          <PeopleTable label="Users file" people={users} revoke={revoke} seen={false} />
        ) : (
          <p className={note}>No local users (DASHBOARD_USERS_FILE is not set, or names nobody).</p>
        )}
      </section>
      <section aria-labelledby="access-rules" className="space-y-2">
        <h2 id="access-rules" className="text-lg font-semibold">
          Access rules
        </h2>
        {rules ? (
          <RulesTable rules={rules} />
        ) : (
          <p className={note}>
            No ACCESS_RULES_FILE: people signed in by single sign-on or the proxy are viewers of everything.
          </p>
        )}
      </section>
      <section aria-labelledby="access-recent" className="space-y-2">
        <h2 id="access-recent" className="text-lg font-semibold">
          Recently signed in
        </h2>
        <p className={note}>
          People single sign-on or the proxy let in (or refused) lately, with the access they were given then.
        </p>
        {recent.length ? (
          <PeopleTable label="Recently signed in" people={recent} revoke={revoke} seen />
        ) : (
          <p className={note}>Nobody yet.</p>
        )}
      </section>
      {forget ? (
        <section aria-labelledby="access-forget" className="space-y-2">
          <h2 id="access-forget" className="text-lg font-semibold">
            Forget a person
          </h2>
          <p className={note}>
            Deletes every kept position of the investor with this email, and of those sharing their tax id, from the
            kept reads of the funds in your scope. The audit trail records who did it and how many, never the email.
          </p>
          <ForgetForm />
        </section>
      ) : null}
    </div>
  );
}
