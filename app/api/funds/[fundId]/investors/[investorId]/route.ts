import { apiRoute } from "@/lib/auth/api-route";
import { noStore } from "@/lib/http/error-response";
import { investorRead } from "@/lib/fund-reads/server/records";
import { keptAtHeader, readAtHeader } from "@/lib/investors/queries";
import { investorParamsSchema } from "@/lib/values/ids";

// One investor (masked): from the fund's held or newest kept list at once, saying when it was read.
export const GET = apiRoute(
  "GET /api/funds/[fundId]/investors/[investorId]",
  investorParamsSchema,
  {},
  async ({ params, user }) => {
    const read = await investorRead(user, params.fundId, params.investorId);
    const headers: Record<string, string> = { ...noStore, [readAtHeader]: new Date(read.readAt).toISOString() };
    if (read.keptAt !== null) headers[keptAtHeader] = new Date(read.keptAt).toISOString();
    return Response.json(read.value, { headers });
  },
);
