"use client";

import { lazy } from "react";
import { LazyDisclosure } from "./lazy-disclosure";

export interface CsvOptions {
  all: boolean;
  sensitive: boolean;
  bom: boolean;
}

export interface DataTableDownloadProps {
  /** The CSV route's URL for these options; the view's sort, search and filters are the caller's. */
  href: (options: CsvOptions) => string;
  viewCount: number;
  totalCount: number;
  /** "funds", "investors" */
  noun: string;
}

const loadMenu = () => import("./data-table-download-menu");
const DownloadMenu = lazy(() => loadMenu().then((module) => ({ default: module.DataTableDownloadMenu })));
const preload = () => void loadMenu();

/** "Download CSV": the menu (rows of this view or all, masked unless asked, Excel) loads when first opened. */
export function DataTableDownload(props: DataTableDownloadProps) {
  return (
    <LazyDisclosure summary="Download CSV" preload={preload}>
      <DownloadMenu {...props} />
    </LazyDisclosure>
  );
}
