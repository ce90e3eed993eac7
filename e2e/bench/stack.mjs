// The local servers as one unit that can heal itself: on this shared machine something may stop them mid-run.
import { proxyHeaders } from "./auth.mjs";
import { startApp, startDemoApi, stopGroup } from "./servers.mjs";

/** True when url answers 200 within 30 s. */
export async function answers(url, headers = {}) {
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Starts the demo Customer API and the app server against it. The demo data is deterministic (fixed seed), so fund ids
 * stay the same when either server has to be restarted; the demo API comes back on its old port.
 */
export async function startStack({ dir, token, fundSizes, funds, perFund, profileDir, log }) {
  const demoOptions = { token, fundSizes, funds, perFund };
  const stack = { api: await startDemoApi(demoOptions), app: null, token, incidents: [] };
  const appOptions = () => ({ dir, upstreamUrl: stack.api.url, token, profileDir });
  stack.app = await startApp(appOptions());

  /** A cold app server (fresh V8 heap), e.g. before a memory reading. */
  stack.restartApp = async () => {
    // As an orchestrator stops it (SIGTERM, then 30 s): killed after 5 s, a process still landing its writes left its
    // store's folder to a process not yet collected, and the next start ran without its store.
    await stopGroup(stack.app.groupPid, 30_000);
    stack.app = await startApp(appOptions());
    return stack.app;
  };

  /** Restarts whichever server stopped answering; returns true when something had to be restarted. */
  stack.heal = async (when) => {
    let healed = false;
    if (!(await answers(`${stack.api.url}/customerapi/funds`, { authorization: `Bearer ${token}` }))) {
      stack.incidents.push(`the demo API did not answer ${when} and was restarted`);
      log(stack.incidents.at(-1));
      await stopGroup(stack.api.pid);
      stack.api = await startDemoApi({ ...demoOptions, port: Number(new URL(stack.api.url).port) });
      healed = true;
    }
    if (!(await answers(`${stack.app.url}/api/funds`, proxyHeaders))) {
      stack.incidents.push(`the app server did not answer ${when} and was restarted`);
      log(stack.incidents.at(-1));
      await stack.restartApp();
      healed = true;
    }
    return healed;
  };
  return stack;
}
