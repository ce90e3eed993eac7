import { clientAddress } from "@/lib/auth/client-address";
import { signInLocal } from "@/lib/auth/login";
import { safeNext } from "@/lib/auth/redirect";
import { sameOrigin } from "@/lib/auth/same-origin";
import { authMode, sessionCookie } from "@/lib/auth/session";
import { errorResponse, jsonError, noStore } from "@/lib/http/error-response";
import { readJsonBody } from "@/lib/http/json-body";

// Email, password and where to go: a few hundred bytes; anything past 4 KB is refused unread.
const maxBodyBytes = 4_096;

// Local sign-in: JSON {email, password, next} in, an encrypted session cookie out.
export async function POST(request: Request): Promise<Response> {
  if (authMode() !== "local") return jsonError(404, "Local sign-in is not enabled.");
  if (!sameOrigin(request)) return jsonError(403, "Sign-in must come from this dashboard's own page.");
  try {
    const body = await readJsonBody(request, maxBodyBytes);
    const session = await signInLocal(body, clientAddress(request));
    if (!session) return jsonError(401, "Wrong email or password.");
    const next = safeNext((body as { next?: unknown }).next);
    return Response.json({ ok: true, next }, { headers: { ...noStore, "Set-Cookie": sessionCookie(session.token) } });
  } catch (error) {
    return errorResponse(error) ?? jsonError(500, "Sign-in failed. Try again.");
  }
}
