import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { DeliveryLog } from "@/components/alerts/delivery-log";
import { DigestPreview } from "@/components/alerts/digest-preview";
import { SubscribeForm } from "@/components/alerts/subscribe-form";
import { SubscriptionList } from "@/components/alerts/subscription-list";
import { PageError } from "@/components/layout/page-error";
import { hasRole } from "@/lib/access/policy";
import { alertsQuery, deliveriesQuery } from "@/lib/alerts/queries";
import { alertsPageCache } from "@/lib/alerts/search-params";
import { emailConfigured } from "@/lib/alerts/server/email";
import { listDeliveries, listSubscriptions } from "@/lib/alerts/server/subscriptions";
import { requireUser } from "@/lib/auth/session";
import { prefetch } from "@/lib/data/prefetch";
import { readFunds } from "@/lib/fund-reads/server/funds";
import { getQueryClient } from "@/lib/query/query-client";
import { publicUrl } from "@/lib/server/public-url";

export const metadata: Metadata = { title: "Alerts" };

const note = "text-sm text-zinc-600 dark:text-zinc-400";

// Each person's alerts (issue 30): a new subscription (what, where, how, when), theirs with Delete, and the log of
// every delivery with its attempts and a Resend button. Told only of what their access allows when each is sent.
export default async function AlertsPage({ searchParams }: PageProps<"/alerts">) {
  const prefill = await alertsPageCache().parse(searchParams);
  const user = await requireUser();
  const queryClient = getQueryClient();
  const [subscriptionsError, deliveriesError, funds] = await Promise.all([
    prefetch(queryClient, {
      ...alertsQuery(),
      queryFn: async () => ({ subscriptions: await listSubscriptions(user) }),
    }),
    prefetch(queryClient, { ...deliveriesQuery(), queryFn: async () => ({ deliveries: await listDeliveries(user) }) }),
    readFunds(user).catch(() => []),
  ]);
  const options = funds
    .map((fund) => ({ id: fund.id, name: fund.legal_entity?.display_name ?? fund.legal_entity?.legal_name ?? fund.id }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const error = subscriptionsError ?? deliveriesError;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="mb-1 text-2xl font-semibold tracking-tight">Alerts</h1>
        <p className={note}>
          Be told by email or webhook when an investor pays, capital goes overdue, a fund stops tying out or contact
          details change: at once, or in a daily digest. You are only told of funds your access lets you see when each
          alert is sent.
        </p>
        {publicUrl() ? null : (
          <p className={`${note} mt-1`}>DASHBOARD_PUBLIC_URL is not set: links in alert emails point at localhost.</p>
        )}
      </div>
      {error ? <PageError message={error.message} /> : null}
      <section id="subscribe" aria-labelledby="alerts-new" className="space-y-3">
        <h2 id="alerts-new" className="text-lg font-semibold">
          New subscription
        </h2>
        <SubscribeForm
          funds={options}
          prefill={{ fund: prefill.fund, investor: prefill.investor }}
          emailConfigured={emailConfigured()}
          admin={hasRole(user, "admin")}
        />
      </section>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <section aria-labelledby="alerts-yours" className="space-y-3">
          <h2 id="alerts-yours" className="text-lg font-semibold">
            Your subscriptions
          </h2>
          <SubscriptionList />
        </section>
        <section aria-labelledby="alerts-digest" className="space-y-3">
          <h2 id="alerts-digest" className="text-lg font-semibold">
            Today&apos;s digest
          </h2>
          <DigestPreview />
        </section>
        <section aria-labelledby="alerts-log" className="space-y-3">
          <h2 id="alerts-log" className="text-lg font-semibold">
            Delivery log
          </h2>
          <DeliveryLog />
        </section>
      </HydrationBoundary>
    </div>
  );
}
