"use client";

import type { ReactTable, RowData } from "@tanstack/react-table";
import { type ComponentType, lazy } from "react";
import type { DataTableFeatures } from "./features";
import { LazyDisclosure } from "./lazy-disclosure";

export interface DataTableViewOptionsProps<T extends RowData> {
  table: ReactTable<DataTableFeatures, T>;
  onReset: () => void;
}

const loadList = () => import("./data-table-column-list");
const ColumnList = lazy(() => loadList().then((module) => ({ default: module.DataTableColumnList }))) as ComponentType<
  DataTableViewOptionsProps<RowData>
>;
const preload = () => void loadList();

/** The column picker: a disclosure with one checkbox per column, loaded when first opened. */
export function DataTableViewOptions<T extends RowData>({ table, onReset }: DataTableViewOptionsProps<T>) {
  const columns = table.getAllLeafColumns();
  const visible = columns.filter((column) => column.getIsVisible()).length;
  return (
    <LazyDisclosure summary={`Columns (${visible} of ${columns.length})`} preload={preload}>
      <ColumnList table={table as ReactTable<DataTableFeatures, RowData>} onReset={onReset} />
    </LazyDisclosure>
  );
}
