"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Freshness } from "@/components/ui/freshness";
import { refreshInvestorRows } from "@/lib/investors/queries";

interface FundRefreshProps {
  fundId: string;
  /** When the server read the fund on screen (ms since epoch). */
  readAt: number;
}

/**
 * "Updated …" and Refresh for the server-rendered fund: the investor list is read again first, then the page renders
 * again on the server, so the fund, its capital outstanding and its reconciliation all follow the list just read.
 */
export function FundRefresh({ fundId, readAt }: FundRefreshProps) {
  const router = useRouter();
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

  return <Freshness updatedAt={readAt} onRefresh={refresh} refreshing={readingList || rendering} />;
}
