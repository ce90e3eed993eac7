/**
 * Every API and CSV route of the dashboard, each with the query it needs to be a valid request: the sign-in,
 * header and bad-input suites all walk this one list, so a new route cannot be missed by one of them.
 */
export function everyApiRoute(fundId: string, investorId: string, investorKey = "A".repeat(22)): string[] {
  return [
    "/api/funds",
    "/api/fund-rows",
    `/api/funds/${fundId}`,
    `/api/funds/${fundId}/investors`,
    `/api/funds/${fundId}/investor-rows`,
    `/api/funds/${fundId}/investors/${investorId}`,
    `/api/funds/${fundId}/investors/${investorId}/neighbours`,
    `/api/funds/${fundId}/sensitive?field=tax_id`,
    `/api/funds/${fundId}/investors/${investorId}/sensitive?field=account_number`,
    "/api/funds.csv",
    `/api/funds/${fundId}/investors.csv`,
    "/api/investors.csv",
    "/api/investors.csv?group=investor",
    "/api/investors",
    `/api/investors/${investorKey}`,
    "/api/search?q=a",
    "/api/reconciliation",
    `/api/funds/${fundId}/reconciliation`,
    `/api/funds/${fundId}/reconciliation.csv`,
    "/api/outstanding",
    "/api/outstanding/emails",
    "/api/outstanding/funds",
    "/api/outstanding.csv?partial=1",
    "/api/audit",
    "/api/audit.csv",
    ...["pdf", "csv", "xlsx"].map(
      (kind) => `/api/funds/${fundId}/investors/${investorId}/statement.${kind}?period=2026`,
    ),
    ...["zip", "csv", "xlsx"].map((kind) => `/api/funds/${fundId}/statements.${kind}?period=2026`),
  ];
}
