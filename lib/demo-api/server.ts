// node:http server speaking the Customer Data API contract, with runtime fault injection.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleAdmin } from "./admin";
import type { DemoConfig } from "./config";
import { createControls, type DemoControls } from "./controls";
import type { FaultPatch } from "./fault-patch";
import { type FaultState, rollFault } from "./faults";
import {
  sendError,
  sendHtml,
  sendHuge,
  sendJson,
  sendMalformed,
  sendReset,
  sendServerError,
  wrongShape,
} from "./respond";
import { demoPast } from "./past";
import { route, routePast } from "./routes";
import { createDemoStore, type DemoStore } from "./store";
import { generateToken, isAuthorized } from "./token";

export { defaultDemoConfig } from "./config";

export interface DemoApiOptions extends Partial<DemoConfig> {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (a free port). */
  port?: number;
  /** Bearer token to accept; generated (JWT-shaped, random) when absent or empty. */
  token?: string;
  /** Mounts /__demo/control, /__demo/reset, /__demo/stats and /__demo/planted (no token needed). */
  admin?: boolean;
  /** Shorthand for faults.latencyMs. */
  latencyMs?: number;
  /** Initial fault state; config.faultyFunds are added to its fundFaults. */
  faults?: FaultPatch;
  /** Reuse an existing store instead of generating one from the config fields. */
  store?: DemoStore;
  /** Serialize investor lists up front (within the cache budget) so first requests are not slow. */
  prewarm?: boolean;
  /**
   * Serves the demo's past as of today (`GET /__past`, `/__past/<day>/customerapi/...`, with the token): the embedded
   * demo fills a fresh store with it. A moment stands for today in tests.
   */
  past?: boolean | { now: number };
}

export interface DemoApi {
  /** Base URL without trailing slash, e.g. http://127.0.0.1:4010; paths start with /customerapi. */
  url: string;
  token: string;
  tokenGenerated: boolean;
  store: DemoStore;
  controls: DemoControls;
  close(): Promise<void>;
}

function sleep(ms: number, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    res.once("close", done);
    function done(): void {
      clearTimeout(timer);
      res.off("close", done);
      resolve();
    }
  });
}

export async function startDemoApi(options: DemoApiOptions = {}): Promise<DemoApi> {
  const {
    host = "127.0.0.1",
    port = 0,
    admin = false,
    store: givenStore,
    faults: initialFaults,
    latencyMs,
    token: givenToken,
    prewarm,
    past: pastOption,
    ...config
  } = options;
  const store = givenStore ?? createDemoStore(config);
  if (prewarm) store.prewarm();
  const tokenGenerated = givenToken === undefined || givenToken === "";
  const token = tokenGenerated ? generateToken() : givenToken;
  const expected = Buffer.from(token);
  const fundFaults = Object.fromEntries(
    store.config.faultyFunds.map(({ index, kind }) => [store.funds[index]!.id, kind]),
  );
  const controls = createControls(
    store.config.seed,
    {
      ...initialFaults,
      ...(latencyMs === undefined ? {} : { latencyMs }),
      fundFaults: { ...fundFaults, ...initialFaults?.fundFaults },
    },
    (fundId) => store.getFund(fundId) !== undefined,
  );
  const stats = controls.recorder;
  const past = pastOption ? demoPast(store, pastOption === true ? Date.now() : pastOption.now) : null;

  /** A past day's read: the token, then a fund's list fails as today's does (its fault switch), else the JSON. */
  function handlePast(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    if (req.method !== "GET") return sendError(res, 405, "Method not allowed", { Allow: "GET" });
    if (!isAuthorized(req.headers.authorization, expected)) return sendError(res, 401, "Bad token");
    const result = routePast(past!, pathname);
    if (result.status !== 200) return sendError(res, result.status, result.error);
    const fundId = /\/funds\/([^/]+)\/investors$/.exec(pathname)?.[1];
    if (fundId && controls.state.fundFaults[fundId]) return sendError(res, 500, "Internal server error");
    sendJson(res, 200, "json" in result ? (result.json as object) : result.body);
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    stats.request(pathname);
    res.once("finish", () => stats.status(res.statusCode));
    if (controls.state.latencyMs > 0) await sleep(controls.state.latencyMs, res);
    if (res.destroyed) return;
    // Read after the delay: a switch flipped meanwhile applies to this request.
    const state = controls.state;
    if (state.down) {
      stats.fault("down");
      req.socket.destroy();
      return;
    }
    if (state.rejectToken) {
      stats.fault("rejectToken");
      return sendError(res, 401, "Bad token");
    }
    if (state.failNext > 0 && state.passNext > 0) {
      controls.replace({ ...state, passNext: state.passNext - 1 });
    } else if (state.failNext > 0) {
      controls.replace({ ...state, failNext: state.failNext - 1 });
      stats.fault("failNext");
      return sendError(res, 503, "Service unavailable");
    }
    const faultRng = controls.rng;
    const fault = rollFault(state, faultRng);
    if (fault !== null) stats.fault(fault);
    // Gateway-level faults happen before the API looks at the request at all.
    if (fault === "hang") return;
    if (fault === "error5xx") return sendServerError(res, faultRng);
    if (fault === "html") return sendHtml(res);
    if (fault === "huge") return sendHuge(res, state.hugeBytes, faultRng);
    if (req.method !== "GET") return sendError(res, 405, "Method not allowed", { Allow: "GET" });
    if (!isAuthorized(req.headers.authorization, expected)) return sendError(res, 401, "Bad token");
    const gone = goneFunds(state);
    if (gone.size > 0 && gone.has(pathname.split("/")[3] ?? "")) return sendError(res, 404, "Fund not available");
    const result = route(store, pathname);
    if (result.status !== 200) return sendError(res, result.status, result.error);
    if (gone.size > 0 && pathname.replace(/\/$/, "") === "/customerapi/funds")
      return sendJson(
        res,
        200,
        (JSON.parse(result.body.toString()) as { id: string }[]).filter((f) => !gone.has(f.id)),
      );
    const fundFault = result.investorsOf === undefined ? undefined : state.fundFaults[result.investorsOf];
    // "gone" was answered above; the others fail the fund's investor list.
    if (fundFault !== undefined) {
      stats.fault(`fund-${fundFault}`);
      if (fundFault === "hang") return;
      if (fundFault === "error") return sendError(res, 500, "Internal server error");
      return sendMalformed(res, result.body);
    }
    if (fault === "malformed") return sendMalformed(res, result.body);
    if (fault === "reset") return sendReset(res, result.body);
    if (fault === "wrongShape") return sendJson(res, 200, wrongShape(result.body, result.isList));
    sendJson(res, 200, result.body);
  }

  /** The funds the token no longer sees (the "gone" fault). */
  function goneFunds(state: FaultState): Set<string> {
    return new Set(Object.keys(state.fundFaults).filter((fundId) => state.fundFaults[fundId] === "gone"));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Split by hand: new URL() would read "//x/..." as a host, not a path.
    const target = req.url ?? "/";
    const end = target.search(/[?#]/);
    const pathname = end === -1 ? target : target.slice(0, end);
    if (pathname === "/customerapi" || pathname.startsWith("/customerapi/")) return handleApi(req, res, pathname);
    if (past && (pathname === "/__past" || pathname.startsWith("/__past/"))) return handlePast(req, res, pathname);
    if (admin && pathname.startsWith("/__demo/")) return handleAdmin(req, res, pathname, controls, store);
    sendError(res, 404, "Not Found");
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, "Internal server error");
      else res.destroy(error instanceof Error ? error : undefined);
    });
  });
  // Hanging answers must stay open until the client leaves, not be cut by Node's request timeout.
  server.requestTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === "IPv6" ? `[${address.address}]` : address.address;

  return {
    url: `http://${urlHost}:${address.port}`,
    token,
    tokenGenerated,
    store,
    controls,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
