import { connection } from "next/server";
import { currentUser, signInRequired } from "@/lib/auth/session";

/** Who is signed in, and a sign-out button (a plain form post to the route handler). */
export async function UserMenu() {
  await connection();
  if (!signInRequired()) return null;
  const user = await currentUser();
  if (!user) return null;
  return (
    <div className="flex items-center gap-3 text-sm">
      <span className="text-zinc-700 dark:text-zinc-300">{user.name ?? user.email}</span>
      <form method="post" action="/auth/logout">
        <button
          type="submit"
          className="rounded-md border border-zinc-300 px-2.5 py-1 font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
        >
          Sign out
        </button>
      </form>
    </div>
  );
}
