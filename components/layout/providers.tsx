"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { PhoneGuess } from "@/components/data-table/use-wide-screen";
import { getQueryClient } from "@/lib/query/query-client";
import { BusyNotice } from "./busy-notice";

interface ProvidersProps {
  /** The request came from a phone: tables render their cards only until hydrated. */
  phone: boolean;
  children: ReactNode;
}

export function Providers({ phone, children }: ProvidersProps) {
  const queryClient = getQueryClient();
  return (
    <QueryClientProvider client={queryClient}>
      <PhoneGuess value={phone}>
        {children}
        <BusyNotice />
      </PhoneGuess>
    </QueryClientProvider>
  );
}
