"use client";

import { useEffect, useRef, useState } from "react";

interface ErrorPanelProps {
  title?: string;
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
}

// The dashboard tries again by itself, less and less often, so it recovers when the upstream does.
const autoRetrySeconds = [5, 10, 20, 40, 60];

export function ErrorPanel({ title = "Could not load the data", message, onRetry, retrying }: ErrorPanelProps) {
  const attempts = useRef(0);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const retryRef = useRef(onRetry);
  useEffect(() => {
    retryRef.current = onRetry;
  }, [onRetry]);

  useEffect(() => {
    if (!retryRef.current || retrying) return;
    const total = autoRetrySeconds[Math.min(attempts.current, autoRetrySeconds.length - 1)]!;
    const due = Date.now() + total * 1000;
    const timer = setInterval(() => {
      const left = Math.ceil((due - Date.now()) / 1000);
      if (left > 0) return setSecondsLeft(left);
      clearInterval(timer);
      attempts.current += 1;
      setSecondsLeft(null);
      retryRef.current?.();
    }, 500);
    return () => clearInterval(timer);
  }, [retrying, message]);

  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100"
    >
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm">{message}</p>
      {onRetry ? (
        <div className="mt-3 flex items-center gap-3">
          <button
            type="button"
            onClick={onRetry}
            disabled={retrying}
            className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-60"
          >
            {retrying ? "Retrying…" : "Retry"}
          </button>
          {secondsLeft !== null && !retrying ? <span className="text-sm">Trying again in {secondsLeft} s</span> : null}
        </div>
      ) : null}
    </div>
  );
}
