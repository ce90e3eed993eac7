import { valueField } from "@/components/funds/fund-value";
import { FieldList } from "@/components/ui/field-list";
import { Panel } from "@/components/ui/panel";
import { EmailLink } from "@/components/ui/email-link";
import { SecretValue } from "@/components/ui/secret-value";
import type { Investor } from "@/lib/investors/types";
import { EMPTY, formatText } from "@/lib/values/format";

interface SectionProps {
  investor: Investor;
}

export function InvestmentSection({ investor }: SectionProps) {
  return (
    <Panel title="Investment">
      <FieldList
        fields={[
          valueField("Commitment", investor.commitment_amount, "money"),
          valueField("Management fee", investor.management_fee_amount, "money"),
          valueField("Management fee %", investor.management_fee_percent, "percent"),
          valueField("Expense reserve", investor.expense_reserve_amount, "money"),
          valueField("Total capital due", investor.total_capital_due, "money"),
          valueField("Contributed", investor.contributed_amount, "money"),
          valueField("Contributed at", investor.contributed_at, "date"),
          valueField("Total received", investor.total_received, "money"),
          valueField("Unfunded commitment", investor.unfunded_commitment_amount, "money"),
          valueField("Carry %", investor.carry_percent, "percent"),
          valueField("Ownership %", investor.ownership_percent, "percent"),
          valueField("Life distributions", investor.life_distributions, "money"),
          valueField("Net asset value", investor.net_asset_value, "money"),
          valueField("Invited", investor.date_invited, "date"),
        ]}
      />
    </Panel>
  );
}

interface AccountSectionProps extends SectionProps {
  /** The position's sensitive route, asked for the full tax id on Reveal. */
  sensitivePath: string;
}

export function InvestmentAccountSection({ investor, sensitivePath }: AccountSectionProps) {
  const account = investor.investment_account;
  const address = account?.address;
  const lines = [
    address?.line_one,
    address?.line_two,
    [address?.city, [address?.state, address?.postal].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    address?.country,
  ].filter((line): line is string => !!line && line.trim() !== "");
  return (
    <Panel title="Investment account">
      <FieldList
        fields={[
          valueField("Legal name", account?.legal_name),
          valueField("Display name", account?.display_name),
          valueField("Investor type", account?.investor_type),
          valueField("Entity type", account?.entity_type),
          valueField("Entity subtype", account?.entity_subtype),
          valueField("Trust type", account?.trust_type),
          valueField("Trust subtype", account?.trust_subtype),
          {
            label: "Address",
            value:
              lines.length > 0 ? (
                <address className="not-italic whitespace-pre-line">{lines.join("\n")}</address>
              ) : (
                EMPTY
              ),
          },
          valueField("Phone", account?.phone_number),
          valueField("Fax", account?.fax_number),
          valueField("Joint legal name", account?.joint_legal_name),
          valueField("Joint email", account?.joint_email),
          valueField("Tax id type", account?.tax_id_type),
          {
            label: "Tax id",
            value: <SecretValue masked={account?.tax_id} name="investor tax id" path={sensitivePath} field="tax_id" />,
          },
        ]}
      />
    </Panel>
  );
}

export function PrimaryContactSection({ investor }: SectionProps) {
  const contact = investor.primary_contact;
  return (
    <Panel title="Primary contact">
      <FieldList
        fields={[
          valueField("First name", contact?.first_name),
          valueField("Middle name", contact?.middle_name),
          valueField("Last name", contact?.last_name),
          // As the API gives it: it may disagree with the parts above, and is never recomputed.
          valueField("Full name", contact?.full_name),
          { label: "Email", value: <EmailLink email={contact?.email} /> },
        ]}
      />
    </Panel>
  );
}

export function TeamMembersSection({ investor }: SectionProps) {
  const members = investor.team_members ?? [];
  return (
    <Panel title="Team members">
      {members.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No team members on this account.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {members.map((member, index) => (
            <li key={index}>
              {formatText(member.member_name)}
              {member.member_email ? (
                <>
                  {" · "}
                  <EmailLink email={member.member_email} />
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
