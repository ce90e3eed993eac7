import { z } from "zod";
import { revokeSessions } from "@/lib/auth/revoke-sessions";
import { clientAddress } from "@/lib/auth/client-address";
import { apiWrite } from "@/lib/auth/api-route";
import { readJsonBody } from "@/lib/http/json-body";

// {"email": "…"}: a few dozen bytes; anything past 1 KB is refused unread.
const maxBodyBytes = 1_024;

// An admin ends every session of one person (the "Revoke sessions" button of /access): JSON in, from our own page.
export const POST = apiWrite(
  "POST /api/access/revoke",
  z.object({}),
  {
    crossOrigin: "Revoking sessions must come from this dashboard's own page.",
    failure: "The sessions could not be ended. Try again.",
  },
  async ({ request, user }) => {
    const { email } = await revokeSessions(user, await readJsonBody(request, maxBodyBytes), clientAddress(request));
    return { ok: true, email };
  },
);
