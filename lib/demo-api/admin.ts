// /__demo/* control routes; mounted only when the server starts with admin enabled.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { DemoControls } from "./controls";
import { z } from "zod";
import { validateFaultPatch } from "./fault-patch";
import { plantedDifferences } from "./planted-differences";
import { sendError, sendJson } from "./respond";
import { familyOfficePair, sharedIdentities } from "./shared-identities";
import type { DemoStore } from "./store";

/** Enough identities in three or more funds for any test, without listing thousands. */
const SHARED_LISTED = 20;

const MAX_BODY = 64 * 1024;

// Changes the data itself (not a fault): one investor's amount, so a test can see it change between two reads.
const bumpSchema = z.strictObject({
  bump: z.strictObject({
    fundId: z.string().min(1).max(200),
    investorId: z.string().min(1).max(200),
    field: z.string().regex(/^[a-z_]{1,60}$/),
    amount: z.string().regex(/^-?\d{1,20}(\.\d{1,10})?$/),
  }),
});

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new TypeError("request body too large");
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8").trim();
  if (text === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new TypeError("request body is not valid JSON");
  }
}

/** What a test needs to find the deliberate oddities of the data, whatever the seed or size. */
export function plantedReport(store: DemoStore): object {
  return {
    differences: plantedDifferences(store),
    familyOffice: familyOfficePair(store),
    sharedIdentities: sharedIdentities(store, { minFunds: 3, limit: SHARED_LISTED }),
  };
}

export async function handleAdmin(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  controls: DemoControls,
  store: DemoStore,
): Promise<void> {
  const method = req.method ?? "GET";
  const allow = (allowed: string): boolean => {
    if (method === allowed) return true;
    sendError(res, 405, "Method not allowed", { Allow: allowed });
    return false;
  };
  switch (pathname) {
    case "/__demo/control":
      if (method === "GET") return sendJson(res, 200, controls.get());
      if (method !== "POST") return sendError(res, 405, "Method not allowed", { Allow: "GET, POST" });
      try {
        const body = await readJson(req);
        if (typeof body === "object" && body !== null && "bump" in body) {
          const parsed = bumpSchema.safeParse(body);
          if (!parsed.success) throw new TypeError(`bump: ${parsed.error.issues[0]?.message ?? "invalid"}`);
          return sendJson(res, 200, { ...parsed.data.bump, value: store.bump(parsed.data.bump) });
        }
        return sendJson(res, 200, controls.set(validateFaultPatch(body)));
      } catch (error) {
        return sendError(res, 400, error instanceof Error ? error.message : "invalid fault patch");
      }
    case "/__demo/reset":
      if (!allow("POST")) return;
      controls.reset();
      return sendJson(res, 200, controls.get());
    case "/__demo/stats":
      if (!allow("GET")) return;
      return sendJson(res, 200, controls.stats());
    case "/__demo/planted":
      if (!allow("GET")) return;
      return sendJson(res, 200, plantedReport(store));
    default:
      return sendError(res, 404, "Not Found");
  }
}
