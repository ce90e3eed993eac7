import type { Metadata } from "next";
import { linkSubscription } from "@/lib/alerts/server/subscriptions";

export const metadata: Metadata = { title: "Unsubscribe" };

// An alert email's unsubscribe link (no session needed: the link is signed). The button posts to the one-click
// route, which answers that it is done.
export default async function UnsubscribePage({ searchParams }: PageProps<"/alerts/unsubscribe">) {
  const query = await searchParams;
  const one = (value: string | string[] | undefined) => (typeof value === "string" ? value : null);
  const [id, token] = [one(query.s), one(query.t)];
  const link = await linkSubscription(id, token).catch(() => null);
  return (
    <div className="max-w-xl space-y-3">
      <h1 className="text-2xl font-semibold tracking-tight">Unsubscribe</h1>
      {link ? (
        <form
          method="post"
          action={`/api/alerts/unsubscribe?s=${encodeURIComponent(id!)}&t=${encodeURIComponent(token!)}`}
          className="space-y-3"
        >
          <p>Stop the emails of this subscription{link.kinds ? ` (${link.kinds})` : ""}?</p>
          <button
            type="submit"
            className="min-h-9 rounded-md bg-zinc-900 px-3 text-sm font-medium text-white hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900"
          >
            Unsubscribe
          </button>
        </form>
      ) : (
        <p>This unsubscribe link is not valid. Manage your alerts in Fund Explorer.</p>
      )}
    </div>
  );
}
