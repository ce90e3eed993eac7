import "server-only";
import {
  onOrganizationSettled,
  type OrganizationFund,
  type OrganizationSnapshot,
  organizationSnapshot,
} from "../../fund-reads/server/organization";
import { processWide } from "../../server/process-wide";
import { DirectoryBuilder } from "./directory-builder";
import type { DirectoryIndex } from "./directory-index";

// The directory's index over the organization's reads (lib/fund-reads): kept in step with them, never a read itself.

interface State {
  /** Every fund's positions, grouped into investors as each list arrives. */
  builder: DirectoryBuilder;
  /** The positions array each fund was last given to the builder with (a re-read of the same list keeps its array). */
  given: Map<string, readonly unknown[]>;
  order: string;
  /** `failed`: the ids of the funds that had failed when it was made. */
  index: { changes: number; version: string | null; failed: string; at: number; value: DirectoryIndex } | null;
}

const state = processWide<State>("directory", () => ({
  builder: new DirectoryBuilder(),
  given: new Map(),
  order: "",
  index: null,
}));

// While a build runs, the index given to requests is made again from the builder at most each second.
const reindexGapMs = 1_000;

/** The builder takes only the funds whose positions changed since it last looked: a regroup of what they touch. */
function sync(states: readonly OrganizationFund[]) {
  const order = states.map((fund) => fund.id).join(",");
  if (order !== state.order) {
    state.builder.setOrder(states.map((fund) => fund.id));
    state.order = order;
  }
  for (const fund of states) {
    if (state.given.get(fund.id) === fund.positions) continue;
    state.builder.setFund(fund.id, fund.positions);
    state.given.set(fund.id, fund.positions);
  }
}

function currentIndex(organization: OrganizationSnapshot): DirectoryIndex {
  const now = Date.now();
  const held = state.index;
  const failed = organization.failedFunds.map((fund) => fund.id).join(",");
  // A fund newly failed is made again at once: a page never names a fund as unread while still listing its investors.
  const fresh =
    held &&
    (held.changes === organization.changes ||
      // Every fund tried and the content the same (a list read again unchanged, each minute): nothing to redo.
      (organization.version !== null && held.version === organization.version) ||
      (organization.building && held.failed === failed && now - held.at < reindexGapMs));
  if (!fresh) {
    sync(organization.states);
    const { changes, version } = organization;
    state.index = { changes, version, failed, at: now, value: state.builder.index() };
  }
  // Not being read: this index is kept, so its first search and sorts are worked out now, in the background.
  if (!organization.building) void state.index!.value.warm();
  return state.index!.value;
}

// Every fund tried: the index of the whole directory is made (and readied) before anyone asks for it.
onOrganizationSettled("directory-index", () => void organizationSnapshot().then(currentIndex));

export type DirectoryFund = OrganizationFund;

export interface DirectorySnapshot extends OrganizationSnapshot {
  index: DirectoryIndex;
}

/** The organization's directory as it stands, with the index of its views. */
export async function directorySnapshot(options: { refresh?: boolean } = {}): Promise<DirectorySnapshot> {
  const organization = await organizationSnapshot(options);
  return { ...organization, index: currentIndex(organization) };
}
