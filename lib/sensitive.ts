import "server-only";
import { createRateLimiter } from "./auth/rate-limit";
import type { SessionUser } from "./auth/session-token";
import { getFundSecrets, getInvestorSecrets } from "./customer-api";
import { BadRequest, TooManyRequests } from "./http-errors";
import { logLine } from "./log";

export type SecretField = "tax_id" | "account_number";

const fields = new Set<SecretField>(["tax_id", "account_number"]);
// Reveals are a person clicking: 30 a minute is plenty, and stops a script from walking every record.
const reveals = createRateLimiter(30, 60_000);

export function secretFieldOf(request: Request): SecretField {
  const field = new URL(request.url).searchParams.get("field");
  if (!fields.has(field as SecretField)) throw new BadRequest('Say which value to reveal: ?field=tax_id or ?field=account_number.');
  return field as SecretField;
}

function admit(user: SessionUser) {
  if (reveals.limited(user.email)) {
    throw new TooManyRequests("Too many reveals in a minute. Wait a moment.", reveals.retryAfter(user.email));
  }
  reveals.record(user.email);
}

/** One full value of one record, audited: who, when, which record and field; never the value. */
export async function revealFundSecret(fundId: string, field: SecretField, user: SessionUser) {
  admit(user);
  const secrets = await getFundSecrets(fundId);
  logLine("audit_reveal", { user: user.email, fundId, investorId: null, field });
  return { field, value: field === "tax_id" ? secrets.legal_entity.tax_id : secrets.bank.account_number };
}

export async function revealInvestorSecret(fundId: string, investorId: string, field: SecretField, user: SessionUser) {
  admit(user);
  const account = (await getInvestorSecrets(fundId, investorId)).investment_account;
  logLine("audit_reveal", { user: user.email, fundId, investorId, field });
  return { field, value: field === "tax_id" ? account.tax_id : account.bank.account_number };
}
