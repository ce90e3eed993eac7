// Who the investor is: legal identity, contact, address and bank, per investor type.
import { asciiFold } from "./format";
import {
  accountNumber,
  address,
  companyDomain,
  email,
  fullName,
  internationalPhone,
  personName,
  routingNumber,
  taggedEmail,
  usPhone,
  type GeneratedAddress,
  type PersonName,
} from "./people";
import type { Rng } from "./prng";
import type { InvestmentAccount, InvestorBank, InvestorType, PrimaryContact } from "./types";
import { COMPANY_WORDS, ENTITY_WORDS, INTERNATIONAL_BANKS, NICKNAMES, TRUST_SUBTYPES, US_BANKS } from "./words";

const TYPE_WEIGHTS = [
  ["individual", 50],
  ["joint", 12],
  ["entity", 25],
  ["trust", 13],
] as const;
const ENTITY_TYPES = [
  ["LLC", 6],
  ["partnership", 2],
  ["corporation", 2],
] as const;
const TRUST_TYPES = [
  ["revocable", 5],
  ["irrevocable", 3],
  ["grantor", 2],
] as const;
const LLC_SUBTYPES: readonly string[] = ["partnership", "s corp", "c corp"];
const ENTITY_SUFFIX: Readonly<Record<string, string>> = { LLC: ", LLC", partnership: ", L.P.", corporation: ", Inc." };

/** What makes an identity unique store-wide, so shared identities match and nothing else does by chance. */
export interface IdentityKeys {
  taxId(kind: "ssn" | "ein"): string;
  /** Ends the primary contact's email. */
  emailTag: number;
  /** Investors in several funds always carry their tax id: it is what matches them across funds. */
  keepTaxId: boolean;
}

export interface Identity {
  legalName: string;
  displayName: string | null;
  contact: PersonName;
  contactEmail: string;
  extra: Partial<InvestmentAccount>;
}

function individual(rng: Rng, keys: IdentityKeys): Identity {
  const contact = personName(rng);
  const legalName = fullName(contact);
  const displayName = rng.chance(0.5) ? `${contact.first} ${contact.last}` : legalName;
  return {
    legalName,
    displayName,
    contact,
    contactEmail: taggedEmail(rng, contact.first, contact.last, keys.emailTag),
    extra: { tax_id: keys.taxId("ssn"), tax_id_type: "ssn" },
  };
}

function joint(rng: Rng, keys: IdentityKeys): Identity {
  const contact = personName(rng);
  const partner = personName(rng, rng.chance(0.7) ? contact.last : undefined);
  const legalName = `${fullName(contact)} and ${fullName(partner)}${rng.chance(0.4) ? ", JTWROS" : ""}`;
  const displayName = partner.last === contact.last ? `${contact.first} & ${partner.first} ${contact.last}` : legalName;
  return {
    legalName,
    displayName,
    contact,
    contactEmail: taggedEmail(rng, contact.first, contact.last, keys.emailTag),
    extra: {
      joint_legal_name: fullName(partner),
      joint_email: email(rng, partner.first, partner.last),
      tax_id: keys.taxId("ssn"),
      tax_id_type: "ssn",
    },
  };
}

function entity(rng: Rng, keys: IdentityKeys): Identity {
  const words = `${rng.pick(COMPANY_WORDS)} ${rng.pick(ENTITY_WORDS)}`;
  const entityType = rng.weighted(ENTITY_TYPES);
  const legalName = `${words}${ENTITY_SUFFIX[entityType] ?? ""}`;
  const roll = rng.next();
  // Mostly the short name; sometimes a dba that differs from the legal name entirely.
  const displayName = roll < 0.6 ? words : roll < 0.85 ? `${words.split(" ")[0]} ${rng.pick(ENTITY_WORDS)}` : legalName;
  const contact = personName(rng);
  return {
    legalName,
    displayName,
    contact,
    contactEmail: taggedEmail(rng, contact.first, contact.last, keys.emailTag, companyDomain(words)),
    extra: {
      entity_type: entityType,
      entity_subtype: entityType === "LLC" ? rng.pick(LLC_SUBTYPES) : null,
      tax_id: keys.taxId("ein"),
      tax_id_type: "ein",
    },
  };
}

function trust(rng: Rng, keys: IdentityKeys): Identity {
  const contact = personName(rng);
  const trustType = rng.weighted(TRUST_TYPES);
  const dated = `${rng.int(1, 12)}/${rng.int(1, 28)}/${rng.int(1995, 2023)}`;
  const legalName = rng.chance(0.5)
    ? `The ${contact.last} Family Trust dated ${dated}`
    : `${fullName(contact)} ${trustType === "revocable" ? "Revocable" : "Irrevocable"} Trust`;
  return {
    legalName,
    displayName: rng.chance(0.5) ? `${contact.last} Family Trust` : legalName,
    contact,
    contactEmail: taggedEmail(rng, contact.first, contact.last, keys.emailTag),
    extra: {
      trust_type: trustType,
      trust_subtype: rng.pick(TRUST_SUBTYPES[trustType] ?? ["other"]),
      tax_id: keys.taxId("ein"),
      tax_id_type: "ein",
    },
  };
}

const BUILDERS: Readonly<Record<InvestorType, (rng: Rng, keys: IdentityKeys) => Identity>> = {
  individual,
  joint,
  entity,
  trust,
};

function bank(rng: Rng, legalName: string, country: string): InvestorBank {
  const international = country !== "US";
  const [bankName, swift] = international
    ? (INTERNATIONAL_BANKS[country] ?? ["HSBC UK Bank plc", "MIDLGB22"])
    : rng.pick(US_BANKS);
  // The field reference calls the bank-name member "name"; some records use that spelling.
  const nameKey = rng.chance(0.06) ? "name" : "bank_name";
  return {
    account_name: rng.chance(0.1) ? `FBO ${legalName}` : legalName,
    account_number: accountNumber(rng),
    [nameKey]: bankName,
    routing_number: international ? null : routingNumber(rng),
    swift_code: international ? swift : null,
    additional_instructions: rng.chance(0.75) ? null : `FFC: ${legalName}, account ${rng.digits(6)}`,
  };
}

export interface AccountAndContact {
  account: InvestmentAccount;
  contact: PrimaryContact;
}

export function investmentAccount(rng: Rng, keys: IdentityKeys): AccountAndContact {
  const investorType = rng.weighted(TYPE_WEIGHTS);
  return assembleAccount(rng, investorType, BUILDERS[investorType](rng, keys), keys);
}

/** Address, bank, phones and quirks around an identity; `place` fixes the address (a family office's). */
export function assembleAccount(
  rng: Rng,
  investorType: InvestorType,
  id: Identity,
  keys: IdentityKeys,
  place?: GeneratedAddress,
): AccountAndContact {
  const international = rng.chance(0.06);
  const where = place ?? address(rng, international);
  const account: InvestmentAccount = {
    legal_name: id.legalName,
    display_name: rng.chance(0.07) ? null : id.displayName,
    investor_type: investorType,
    entity_type: null,
    entity_subtype: null,
    trust_type: null,
    trust_subtype: null,
    address: where.address,
    bank: bank(rng, id.legalName, where.address.country),
    phone_number: rng.chance(0.06)
      ? null
      : where.phonePrefix === null
        ? usPhone(rng)
        : internationalPhone(rng, where.phonePrefix),
    fax_number: rng.chance(0.85) ? null : usPhone(rng),
    joint_legal_name: null,
    joint_email: null,
    tax_id: null,
    tax_id_type: null,
    ...id.extra,
  };
  if (where.address.country !== "US" && rng.chance(0.5) && !keys.keepTaxId) {
    account.tax_id = null;
    account.tax_id_type = null;
  }
  if (rng.chance(0.1)) {
    for (const key of [
      "entity_type",
      "entity_subtype",
      "trust_type",
      "trust_subtype",
      "joint_legal_name",
      "joint_email",
    ] as const) {
      if (account[key] === null) delete account[key];
    }
  }
  if (rng.chance(0.03)) delete account.fax_number;
  return { account, contact: primaryContact(rng, id.contact, id.contactEmail) };
}

function primaryContact(rng: Rng, name: PersonName, contactEmail: string): PrimaryContact {
  let full = fullName(name);
  // A few records disagree with their own parts, as hand-edited CRM data does.
  if (rng.chance(0.02)) {
    const nickname = NICKNAMES[name.first];
    full = nickname !== undefined ? `${nickname} ${name.last}` : `${asciiFold(name.first)} ${name.last} Jr.`;
  }
  const contact: PrimaryContact = {
    first_name: name.first,
    middle_name: name.middle,
    last_name: name.last,
    full_name: full,
    email: contactEmail,
  };
  if (name.middle === null && rng.chance(0.05)) delete contact.middle_name;
  return contact;
}
