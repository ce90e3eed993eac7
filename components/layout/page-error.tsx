"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { ErrorPanel } from "@/components/ui/error-panel";

interface PageErrorProps {
  message: string;
}

/** A server-rendered failure; Retry renders the page again on the server. */
export function PageError({ message }: PageErrorProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return <ErrorPanel message={message} retrying={pending} onRetry={() => startTransition(() => router.refresh())} />;
}
