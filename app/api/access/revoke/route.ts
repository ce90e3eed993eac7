import { revokeSessions } from "@/lib/access/server/revoke";
import { clientAddress } from "@/lib/auth/client-address";
import { sameOrigin } from "@/lib/auth/same-origin";
import { requireUser } from "@/lib/auth/session";
import { errorResponse, jsonError, noStore } from "@/lib/http/error-response";
import { readJsonBody } from "@/lib/http/json-body";

// {"email": "…"}: a few dozen bytes; anything past 1 KB is refused unread.
const maxBodyBytes = 1_024;

// An admin ends every session of one person (the "Revoke sessions" button of /access): JSON in, from our own page.
export async function POST(request: Request): Promise<Response> {
  if (!sameOrigin(request)) return jsonError(403, "Revoking sessions must come from this dashboard's own page.");
  try {
    const admin = await requireUser();
    const body = await readJsonBody(request, maxBodyBytes);
    const { email } = await revokeSessions(admin, body, clientAddress(request));
    return Response.json({ ok: true, email }, { headers: noStore });
  } catch (error) {
    return errorResponse(error) ?? jsonError(500, "The sessions could not be ended. Try again.");
  }
}
