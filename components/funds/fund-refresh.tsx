"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import { Freshness } from "@/components/ui/freshness";
import { refreshInvestorRows } from "@/lib/investors/queries";

interface FundRefreshProps {
  fundId: string;
  /** When the server read the fund on screen (ms since epoch). */
  readAt: number;
  /** The fund on screen is a kept read past its age (the upstream was slow): the page renders again until it is live. */
  kept?: boolean;
}

/**
 * "Updated …" and Refresh for the server-rendered fund: the investor list is read again first, then the page renders
 * again on the server, so the fund, its capital outstanding and its reconciliation all follow the list just read.
 */
export function FundRefresh({ fundId, readAt, kept = false }: FundRefreshProps) {
  const router = useRouter();
  useEffect(() => {
    if (!kept) return;
    const timer = setTimeout(() => router.refresh(), 3_000);
    return () => clearTimeout(timer);
  }, [kept, readAt, router]);
  const queryClient = useQueryClient();
  const [readingList, setReadingList] = useState(false);
  const [rendering, startTransition] = useTransition();

  function refresh() {
    setReadingList(true);
    void refreshInvestorRows(queryClient, fundId).then(() =>
      // One transition: "Refreshing…" lasts until the new render is on screen.
      startTransition(() => {
        setReadingList(false);
        router.refresh();
      }),
    );
  }

  return <Freshness updatedAt={readAt} kept={kept} onRefresh={refresh} refreshing={readingList || rendering} />;
}
