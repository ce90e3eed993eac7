import type { ColumnSpec } from "../table/types";
import type { ExportColumn } from "./export-format";

/** The file columns of a resource: its fields by path, from the same specs as the tables (derived columns left out). */
export function csvColumns<T>(specs: readonly ColumnSpec<T>[]): ExportColumn<T>[] {
  const fields = specs.filter((spec) => spec.csv !== false);
  // The record's id leads, as scripts expect; the rest keep the tables' order.
  const ordered = [...fields.filter((spec) => spec.id === "id"), ...fields.filter((spec) => spec.id !== "id")];
  return ordered.map((spec) => ({ header: spec.id, value: spec.value, kind: spec.kind }));
}
