import { z } from "zod";
import { apiRoute } from "@/lib/auth/api-route";
import { reconciliationSummaries } from "@/lib/reconciliation/server/summaries";

// Each fund's line on the Funds grid (ties out, n differences, not read yet, could not be read).
export const GET = apiRoute("GET /api/reconciliation", z.object({}), {}, ({ user }) => reconciliationSummaries(user));
