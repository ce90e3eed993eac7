"use client";

import { useState } from "react";
import type { FailedFund } from "@/lib/directory/types";
import { xlsxUrl } from "@/lib/xlsx/url";

/** The two files every download offers: the CSV route, or its .xlsx twin. */
export type FileFormat = "csv" | "xlsx";

export type DownloadState =
  | { status: "idle" }
  | { status: "downloading"; percent: number | null }
  | { status: "error"; message: string }
  /** Some funds could not be read: the person may retry, or take the file without them. */
  | { status: "incomplete"; message: string; failedFunds: FailedFund[]; url: string };

/**
 * Downloads a CSV route through fetch, so a refusal shows its message here instead of a saved error page,
 * a failure mid-way shows as a failure (never a short file), and progress can be shown against expected rows.
 * The fetching code (csv-download.ts) loads on the first click.
 */
export function useCsvDownload() {
  const [state, setState] = useState<DownloadState>({ status: "idle" });
  const [asked, setAsked] = useState<FileFormat>("csv");

  async function download(url: string, expectedRows?: number) {
    setState({ status: "downloading", percent: expectedRows ? 0 : null });
    try {
      const { downloadCsv } = await import("./csv-download");
      await downloadCsv(url, setState, expectedRows);
    } catch {
      setState({
        status: "error",
        message: "The dashboard could not be reached. Check your connection and try again.",
      });
    }
  }

  /** A CSV route's file in the format asked: which one is remembered, for its busy label and a retry. */
  function downloadAs(csvUrl: string, format: FileFormat = asked) {
    setAsked(format);
    return download(format === "xlsx" ? xlsxUrl(csvUrl) : csvUrl);
  }

  return { state, download, downloadAs, asked, busy: state.status === "downloading" };
}
