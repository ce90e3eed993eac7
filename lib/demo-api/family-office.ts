// The one deliberate email pair: a family office's contact speaks for two entities with their own tax ids.
import { assembleAccount, type AccountAndContact, type Identity, type IdentityKeys } from "./investor-account";
import { address, fullName, personName } from "./people";
import { nameSlug } from "./format";
import { Rng, hashSeed } from "./prng";
import { COMPANY_WORDS } from "./words";

const FAMILY_OFFICE_SALT = 0xfa0;

/**
 * Member 0 is the family office itself, member 1 a partnership it manages. Contact, email and office address come
 * from the seed alone, so both members share them; the email carries no tag, so no other investor can have it.
 */
export function familyOfficeAccount(seed: number, member: 0 | 1, rng: Rng, keys: IdentityKeys): AccountAndContact {
  const shared = new Rng(hashSeed(seed, FAMILY_OFFICE_SALT));
  const contact = personName(shared);
  const family = shared.pick(COMPANY_WORDS);
  const office = address(shared, false);
  const contactEmail = `${nameSlug(contact.first)}.${nameSlug(contact.last)}@${nameSlug(family)}familyoffice.com`;
  const name = member === 0 ? `${family} Family Office` : `${family} Legacy Partners`;
  const identity: Identity = {
    legalName: member === 0 ? `${name}, LLC` : `${name}, L.P.`,
    displayName: name,
    contact,
    contactEmail,
    extra: {
      entity_type: member === 0 ? "LLC" : "partnership",
      entity_subtype: member === 0 ? "partnership" : null,
      tax_id: keys.taxId("ein"),
      tax_id_type: "ein",
    },
  };
  const { account } = assembleAccount(rng, "entity", identity, { ...keys, keepTaxId: true }, office);
  // Built here, not by assembleAccount: its name quirks come from each member's own stream.
  return {
    account,
    contact: {
      first_name: contact.first,
      middle_name: contact.middle,
      last_name: contact.last,
      full_name: fullName(contact),
      email: contactEmail,
    },
  };
}
