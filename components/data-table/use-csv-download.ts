"use client";

import { useState } from "react";

export type DownloadState =
  { status: "idle" } | { status: "downloading"; percent: number | null } | { status: "error"; message: string };

function fileNameOf(disposition: string | null): string {
  const utf8 = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (utf8) return decodeURIComponent(utf8);
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? "export.csv";
}

async function errorMessage(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  return body && typeof body === "object" && "error" in body && typeof body.error === "string"
    ? body.error
    : `The download failed (HTTP ${response.status}).`;
}

/**
 * Downloads a CSV route through fetch, so a refusal shows its message here instead of a saved error page,
 * a failure mid-way shows as a failure (never a short file), and progress can be shown against expected rows.
 */
export function useCsvDownload() {
  const [state, setState] = useState<DownloadState>({ status: "idle" });

  async function download(url: string, expectedRows?: number) {
    setState({ status: "downloading", percent: expectedRows ? 0 : null });
    try {
      const response = await fetch(url);
      if (!response.ok || !response.body) throw new Error(await errorMessage(response));
      const reader = response.body.getReader();
      const chunks: BlobPart[] = [];
      let lines = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        if (expectedRows) {
          for (const byte of value) if (byte === 10) lines += 1;
          setState({ status: "downloading", percent: Math.min(99, Math.floor((lines / (expectedRows + 1)) * 100)) });
        }
      }
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob(chunks, { type: "text/csv;charset=utf-8" }));
      link.download = fileNameOf(response.headers.get("Content-Disposition"));
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      setState({ status: "idle" });
    } catch (error) {
      const message =
        error instanceof Error && error.message && !/network|fetch|terminated/i.test(error.message)
          ? error.message
          : "The download was interrupted before it finished; nothing was saved. Try again.";
      setState({ status: "error", message });
    }
  }

  return { state, download };
}
