import "server-only";
import { LRUCache } from "lru-cache";
import type { Principal } from "../../data/principal";
import { onOrganizationSettled } from "../../fund-reads/server/organization";
import {
  type OrganizationFund,
  type OrganizationSnapshot,
  organizationSnapshot,
} from "../../fund-reads/server/scoped-organization";
import { processWide } from "../../server/process-wide";
import { DirectoryBuilder } from "./directory-builder";
import type { DirectoryIndex } from "./directory-index";

// The directory's index over the organization's reads (lib/fund-reads), one per scope: a person is matched across
// funds only within the scope, and what was worked out for one scope is never served to another.

interface ScopeDirectory {
  /** Someone of this scope: the organization is asked for as them when a build settles. */
  principal: Principal;
  /** Every fund's positions in scope, grouped into investors as each list arrives. */
  builder: DirectoryBuilder;
  /** The positions array each fund was last given to the builder with (a re-read of the same list keeps its array). */
  given: Map<string, readonly unknown[]>;
  order: string;
  /** `failed`: the ids of the funds that had failed when it was made. */
  index: { changes: string; version: string | null; failed: string; at: number; value: DirectoryIndex } | null;
}

// Each scope's index is held apart; the least recently used scopes go first.
const directories = () => processWide("directories", () => new LRUCache<string, ScopeDirectory>({ max: 16 }));

function directoryOf(principal: Principal): ScopeDirectory {
  let directory = directories().get(principal.scopeKey);
  if (!directory) {
    directory = { principal, builder: new DirectoryBuilder(), given: new Map(), order: "", index: null };
    directories().set(principal.scopeKey, directory);
  }
  return directory;
}

// While funds are read (a build, or a start's kept reads loading), the index given to requests is made again from the
// builder at most each second.
const reindexGapMs = 1_000;

/** The builder takes only the funds whose positions changed since it last looked: a regroup of what they touch. */
function sync(directory: ScopeDirectory, states: readonly OrganizationFund[]) {
  const order = states.map((fund) => fund.id).join(",");
  if (order !== directory.order) {
    directory.builder.setOrder(states.map((fund) => fund.id));
    directory.order = order;
  }
  const changed = states.filter((fund) => directory.given.get(fund.id) !== fund.positions);
  directory.builder.setFunds(changed.map((fund) => [fund.id, fund.positions] as const));
  for (const fund of changed) directory.given.set(fund.id, fund.positions);
}

function currentIndex(directory: ScopeDirectory, organization: OrganizationSnapshot): DirectoryIndex {
  const now = Date.now();
  const held = directory.index;
  const failed = organization.failedFunds.map((fund) => fund.id).join(",");
  // A fund newly failed is made again at once: a page never names a fund as unread while still listing its investors.
  const fresh =
    held &&
    (held.changes === organization.changes ||
      // Every fund tried and the content the same (a list read again unchanged, each minute): nothing to redo.
      (organization.version !== null && held.version === organization.version) ||
      (organization.building && held.failed === failed && now - held.at < reindexGapMs));
  if (!fresh) {
    sync(directory, organization.states);
    const { changes, version } = organization;
    directory.index = { changes, version, failed, at: now, value: directory.builder.index() };
  }
  // Not being read: this index is kept, so its first search and sorts are worked out now, in the background.
  if (!organization.building) void directory.index!.value.warm();
  return directory.index!.value;
}

// A source's funds all tried: each scope's index is made (and readied) before anyone of it asks.
onOrganizationSettled("directory-index", () =>
  // Waited for before the heap is compacted (organization.ts): the indexes' garbage goes with the read's.
  Promise.allSettled(
    [...directories().values()].map((directory) =>
      organizationSnapshot(directory.principal).then((organization) => currentIndex(directory, organization)),
    ),
  ),
);

export type DirectoryFund = OrganizationFund;

export interface DirectorySnapshot extends OrganizationSnapshot {
  index: DirectoryIndex;
}

/** The organization's directory as the person may see it, with the index of its views. */
export async function directorySnapshot(
  principal: Principal,
  options: { refresh?: boolean } = {},
): Promise<DirectorySnapshot> {
  const organization = await organizationSnapshot(principal, options);
  return { ...organization, index: currentIndex(directoryOf(principal), organization) };
}
