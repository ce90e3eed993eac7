import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { PageError } from "@/components/layout/page-error";
import { FollowUpList } from "@/components/notes/follow-up-list";
import { requireUser } from "@/lib/auth/session";
import { prefetch } from "@/lib/data/prefetch";
import { followUpsQuery } from "@/lib/notes/queries";
import { myFollowUps } from "@/lib/notes/server/lists";
import { getQueryClient } from "@/lib/query/query-client";

export const metadata: Metadata = { title: "Follow-ups" };

// The signed-in person's follow-ups (issue 45): what was promised and by when, overdue first, each changed in a click.
export default async function FollowUpsPage() {
  const queryClient = getQueryClient();
  const error = await prefetch(queryClient, {
    ...followUpsQuery(),
    queryFn: async () => myFollowUps(await requireUser()),
  });
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">Your follow-ups</h1>
      <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
        Follow-ups assigned to you on investors and funds, overdue first, then by due date; those done come last. Each
        one due is also in your daily digest (Alerts).
      </p>
      {error ? (
        <PageError message={error.message} />
      ) : (
        <HydrationBoundary state={dehydrate(queryClient)}>
          <FollowUpList />
        </HydrationBoundary>
      )}
    </>
  );
}
