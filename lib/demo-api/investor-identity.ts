// An investor's legal identity from its identity index alone, so a shared identity is the same in every fund.
import { familyOfficeAccount } from "./family-office";
import { IDENTITY_EIN_PREFIXES, IDENTITY_SSN_AREAS, emailTag, uniqueEin, uniqueSsn } from "./identity-keys";
import type { IdentityPlan } from "./identity-plan";
import type { PositionHolder } from "./position-holders";
import { investmentAccount, type AccountAndContact, type IdentityKeys } from "./investor-account";
import { Rng, hashSeed } from "./prng";

export function identityKeys(plan: IdentityPlan, identity: number, shared: boolean): IdentityKeys {
  return {
    taxId: (kind) =>
      kind === "ssn"
        ? uniqueSsn(identity, plan.seed, 0x55, IDENTITY_SSN_AREAS)
        : uniqueEin(identity, plan.seed, 0xe1, IDENTITY_EIN_PREFIXES),
    emailTag: emailTag(identity, plan.emailTagDigits, plan.seed),
    keepTaxId: shared,
  };
}

export function investorIdentity(plan: IdentityPlan, holder: PositionHolder): AccountAndContact {
  const rng = new Rng(hashSeed(plan.seed, holder.identity, 4));
  const keys = identityKeys(plan, holder.identity, holder.rank >= 0);
  return holder.familyOffice === null
    ? investmentAccount(rng, keys)
    : familyOfficeAccount(plan.seed, holder.familyOffice, rng, keys);
}
