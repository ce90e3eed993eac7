import type { FailedFund } from "@/lib/directory/types";
import type { DownloadState } from "./use-csv-download";

// Loaded by useCsvDownload on the first click: no page needs this code before someone asks for a file.

function fileNameOf(disposition: string | null): string {
  const utf8 = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (utf8) return decodeURIComponent(utf8);
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? "export.csv";
}

class Refused extends Error {
  constructor(
    message: string,
    readonly failedFunds: FailedFund[] | null,
  ) {
    super(message);
  }
}

async function refusal(response: Response): Promise<Refused> {
  const body = (await response.json().catch(() => null)) as { error?: unknown; failedFunds?: FailedFund[] } | null;
  const message = typeof body?.error === "string" ? body.error : `The download failed (HTTP ${response.status}).`;
  return new Refused(message, response.status === 409 && Array.isArray(body?.failedFunds) ? body.failedFunds : null);
}

/** Fetches a CSV route and saves the file, telling each step (progress, refusal, failure) through `report`. */
export async function downloadCsv(url: string, report: (state: DownloadState) => void, expectedRows?: number) {
  try {
    const response = await fetch(url);
    if (!response.ok || !response.body) throw await refusal(response);
    const reader = response.body.getReader();
    const chunks: BlobPart[] = [];
    let lines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      if (expectedRows) {
        for (const byte of value) if (byte === 10) lines += 1;
        report({ status: "downloading", percent: Math.min(99, Math.floor((lines / (expectedRows + 1)) * 100)) });
      }
    }
    const link = document.createElement("a");
    const type = response.headers.get("Content-Type") ?? "text/csv;charset=utf-8";
    link.href = URL.createObjectURL(new Blob(chunks, { type }));
    link.download = fileNameOf(response.headers.get("Content-Disposition"));
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    report({ status: "idle" });
  } catch (error) {
    if (error instanceof Refused && error.failedFunds) {
      report({ status: "incomplete", message: error.message, failedFunds: error.failedFunds, url });
      return;
    }
    const message =
      error instanceof Error && error.message && !/network|fetch|terminated/i.test(error.message)
        ? error.message
        : "The download was interrupted before it finished; nothing was saved. Try again.";
    report({ status: "error", message });
  }
}
