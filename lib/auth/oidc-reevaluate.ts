import "server-only";
import { LRUCache } from "lru-cache";
import { serverEnv } from "../server/env";
import { logLine } from "../server/log";
import { processWide } from "../server/process-wide";
import { askProviderAgain, type ProviderAnswer } from "./oidc-ask-again";
import { type GrantStore, type OidcGrant, oidcGrants } from "./oidc-grants";
import { revokeSession } from "./revocation";
import type { SessionUser } from "./session-token";

// After the provider could not be asked, a session is refused without asking again for this long: an outage is
// not answered with a request to the provider per page view.
const retryPauseMs = 5_000;
// How long an instance waits for another that is asking the provider about the same session.
const waitForOtherMs = 3_000;

export interface Reevaluation {
  store: GrantStore;
  ask: (grant: OidcGrant) => Promise<ProviderAnswer>;
  end: (session: SessionUser, reason: string) => Promise<void>;
  /** Heard with the groups each time the provider answered. */
  answered?: (session: SessionUser, groups: readonly string[]) => void;
  intervalMs: number;
  now: () => number;
}

function state() {
  return processWide("oidc-reevaluation", () => ({
    running: new Map<string, Promise<readonly string[] | null>>(),
    pausedUntil: new LRUCache<string, number>({ max: 100_000, ttl: retryPauseMs }),
  }));
}

/** A session the provider refused ends everywhere at once, like a sign-out. */
async function endSession(session: SessionUser, reason: string): Promise<void> {
  await revokeSession(session);
  await oidcGrants().remove(session.sid);
  logLine("oidc_session_ended", { user: session.email, reason });
}

export function defaultReevaluation(answered?: Reevaluation["answered"]): Reevaluation {
  return {
    store: oidcGrants(),
    ask: (grant) => askProviderAgain(grant),
    end: endSession,
    answered,
    intervalMs: serverEnv().ACCESS_REEVALUATE_SECONDS * 1_000,
    now: Date.now,
  };
}

/** Whether the provider answered for this grant within the interval. */
const fresh = (grant: OidcGrant | null | undefined, deps: Reevaluation): grant is OidcGrant =>
  !!grant && deps.now() - grant.checkedAt < deps.intervalMs;

/**
 * A single sign-on session's groups now, asked of the provider again once they are ACCESS_REEVALUATE_SECONDS old;
 * null refuses the request: the session is unknown here, the provider refused it (it is then ended), or the
 * provider or the shared store cannot be reached (fail closed; asked again on a later request).
 */
export async function oidcGroupsNow(session: SessionUser, deps: Reevaluation): Promise<readonly string[] | null> {
  const known = deps.store.known(session.sid);
  if (fresh(known, deps)) return known.groups;
  const { running, pausedUntil } = state();
  if ((pausedUntil.get(session.sid) ?? 0) > deps.now()) return null;
  let pending = running.get(session.sid);
  if (!pending) {
    pending = reevaluate(session, known, deps).finally(() => running.delete(session.sid));
    running.set(session.sid, pending);
  }
  return pending;
}

async function reevaluate(
  session: SessionUser,
  known: OidcGrant | undefined,
  deps: Reevaluation,
): Promise<readonly string[] | null> {
  const pause = (reason: string) => {
    state().pausedUntil.set(session.sid, deps.now() + retryPauseMs);
    logLine("oidc_reevaluation_unavailable", { user: session.email, reason: reason.slice(0, 200) });
    return null;
  };
  try {
    const grant = (await deps.store.load(session.sid)) ?? known;
    if (!grant) {
      logLine("oidc_session_unknown", { user: session.email });
      return null;
    }
    if (fresh(grant, deps)) return grant.groups;
    const release = await deps.store.lock(session.sid);
    if (!release) return await answeredElsewhere(session, deps);
    try {
      const answer = await deps.ask(grant);
      if ("refused" in answer) {
        await deps.end(session, answer.refused);
        return null;
      }
      await deps.store.save(session.sid, answer.grant);
      deps.answered?.(session, answer.grant.groups);
      return answer.grant.groups;
    } finally {
      await release().catch(() => undefined);
    }
  } catch (error) {
    return pause(error instanceof Error ? `${error.name}: ${error.message}` : "unknown");
  }
}

/** Another instance is asking the provider: its answer, once saved; null if none comes in time. */
async function answeredElsewhere(session: SessionUser, deps: Reevaluation): Promise<readonly string[] | null> {
  const deadline = deps.now() + waitForOtherMs;
  while (deps.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const grant = await deps.store.load(session.sid);
    if (!grant) return null;
    if (fresh(grant, deps)) return grant.groups;
  }
  return null;
}
