import type { Investor } from "./schemas";

// How a fund and an investor are named and typed from their records, wherever they are shown, searched or kept.

/** The investor as people know them: display name, legal name, contact's full name, then the id. */
export function investorName(investor: Investor): string {
  return (
    investor.investment_account?.display_name?.trim() ||
    investor.investment_account?.legal_name?.trim() ||
    investor.primary_contact?.full_name?.trim() ||
    investor.id
  );
}

/** `Name <email>; Name <email>`, the team as one cell. */
export function teamMembersText(investor: Investor): string | null {
  const members = investor.team_members ?? [];
  if (members.length === 0) return null;
  return members
    .map((member) => [member.member_name, member.member_email && `<${member.member_email}>`].filter(Boolean).join(" "))
    .join("; ");
}

/** Investor types for the filter, normalised to lower case; an empty type is "unknown". */
export function investorTypeOf(investor: Investor): string {
  return investor.investment_account?.investor_type?.trim().toLowerCase() || "unknown";
}

/** The fund as people know it: its display name, else its legal name, else its id. */
export function fundName(fund: {
  id: string;
  legal_entity?: { display_name?: string | null; legal_name?: string | null } | null;
}): string {
  return fund.legal_entity?.display_name?.trim() || fund.legal_entity?.legal_name?.trim() || fund.id;
}
