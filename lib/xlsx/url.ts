/** The .xlsx twin of a CSV route's URL: the same path and parameters, `.csv` → `.xlsx`. */
export function xlsxUrl(csvUrl: string): string {
  return csvUrl.replace(/\.csv(?=$|\?)/, ".xlsx");
}
