import { z } from "zod";
import { investorAcrossFunds } from "@/lib/directory/server/reads";
import { apiRoute } from "@/lib/auth/api-route";

// Keys are opaque base64url hashes: anything else is refused before any work.
const keyParams = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{22}$/, "must be an investor key") });

// One investor across the organization's funds: each position's masked record and the totals.
export const GET = apiRoute("GET /api/investors/[key]", keyParams, {}, ({ params, user }) =>
  investorAcrossFunds(user, params.key),
);
