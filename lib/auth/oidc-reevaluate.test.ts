import { describe, expect, it, vi } from "vitest";
import type { ProviderAnswer } from "./oidc-ask-again";
import { createGrantStore, type GrantStore, type OidcGrant } from "./oidc-grants";
import { oidcGroupsNow, type Reevaluation } from "./oidc-reevaluate";
import type { SessionUser } from "./session-token";

const secret = "a-test-secret-that-is-at-least-32-characters";
const minute = 60_000;
let sessions = 0;

/** A signed-in session with its grant, a provider that answers as told, and a clock the test moves. */
async function setup(groups = ["staff"], store: GrantStore = createGrantStore(null, secret)) {
  const session: SessionUser = { email: "ana@example.com", sid: `sid-${++sessions}`, method: "oidc", issuedAt: 0 };
  const clock = { now: 1_000_000 };
  const grant: OidcGrant = { sub: "ana", groups, checkedAt: clock.now, until: Date.now() + 60 * minute };
  await store.save(session.sid, grant);
  const answers: ((grant: OidcGrant) => Promise<ProviderAnswer>)[] = [];
  const deps: Reevaluation = {
    store,
    ask: vi.fn((asked: OidcGrant) => answers.shift()!(asked)),
    end: vi.fn(async () => undefined),
    answered: vi.fn(),
    intervalMs: 15 * minute,
    now: () => clock.now,
  };
  const answerWith = (next: string[]) =>
    answers.push(async (asked) => ({ grant: { ...asked, groups: next, checkedAt: clock.now } }));
  return { session, clock, deps, answers, answerWith };
}

describe("a single sign-on session's groups", () => {
  it("are the grant's until they are due, then the provider's answer, kept for the next interval", async () => {
    const { session, clock, deps, answerWith } = await setup();
    expect(await oidcGroupsNow(session, deps)).toEqual(["staff"]);
    clock.now += 15 * minute - 1;
    expect(await oidcGroupsNow(session, deps)).toEqual(["staff"]);
    expect(deps.ask).not.toHaveBeenCalled();

    clock.now += 1;
    answerWith([]);
    expect(await oidcGroupsNow(session, deps)).toEqual([]);
    expect(deps.answered).toHaveBeenCalledWith(session, []);
    expect(await oidcGroupsNow(session, deps)).toEqual([]);
    expect(deps.ask).toHaveBeenCalledTimes(1);
  });

  it("are asked once for many requests at the same time", async () => {
    const { session, clock, deps, answerWith } = await setup();
    clock.now += 15 * minute;
    answerWith(["staff", "ops"]);
    const answers = await Promise.all([1, 2, 3].map(() => oidcGroupsNow(session, deps)));
    expect(answers).toEqual([1, 2, 3].map(() => ["staff", "ops"]));
    expect(deps.ask).toHaveBeenCalledTimes(1);
  });

  it("end the session when the provider refuses it", async () => {
    const { session, clock, deps, answers } = await setup();
    clock.now += 15 * minute;
    answers.push(async () => ({ refused: "invalid_grant" }));
    expect(await oidcGroupsNow(session, deps)).toBeNull();
    expect(deps.end).toHaveBeenCalledWith(session, "invalid_grant");
  });

  it("refuse the request while the provider cannot be reached, and ask again after a pause", async () => {
    const { session, clock, deps, answers, answerWith } = await setup();
    clock.now += 15 * minute;
    answers.push(async () => Promise.reject(new TypeError("fetch failed")));
    expect(await oidcGroupsNow(session, deps)).toBeNull();
    expect(deps.end).not.toHaveBeenCalled();
    clock.now += 1_000;
    expect(await oidcGroupsNow(session, deps)).toBeNull();
    expect(deps.ask).toHaveBeenCalledTimes(1);

    clock.now += 5_000;
    answerWith(["staff"]);
    expect(await oidcGroupsNow(session, deps)).toEqual(["staff"]);
  });

  it("refuse a session this server holds no grant for (signed in before a restart without Redis)", async () => {
    const { deps } = await setup();
    const unknown: SessionUser = { email: "bo@example.com", sid: "never-granted", method: "oidc", issuedAt: 0 };
    expect(await oidcGroupsNow(unknown, deps)).toBeNull();
    expect(deps.ask).not.toHaveBeenCalled();
  });

  it("wait for another instance asking the provider about the same session, and take its answer", async () => {
    const store = createGrantStore(null, secret);
    const { session, clock, deps } = await setup(["staff"], { ...store, lock: async () => null });
    clock.now += 15 * minute;
    const other = store.known(session.sid)!;
    setTimeout(() => void store.save(session.sid, { ...other, groups: ["ops"], checkedAt: clock.now }), 150);
    expect(await oidcGroupsNow(session, deps)).toEqual(["ops"]);
    expect(deps.ask).not.toHaveBeenCalled();
  });
});
