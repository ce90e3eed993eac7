import { z } from "zod";
import { sameOrigin } from "@/lib/auth/same-origin";
import { requireUser } from "@/lib/auth/session";
import { forgetForAdmin } from "@/lib/fund-reads/server/forget";
import { errorResponse, jsonError, noStore } from "@/lib/http/error-response";
import { readJsonBody } from "@/lib/http/json-body";

// {"email": "…"}: a few dozen bytes; anything past 1 KB is refused unread.
const maxBodyBytes = 1_024;
const bodySchema = z.strictObject({ email: z.email({ error: "Give the email of the person to forget." }).max(320) });

// An admin forgets a person's kept positions (the "Forget a person" form of /access): JSON in, from our own page.
export async function POST(request: Request): Promise<Response> {
  if (!sameOrigin(request)) return jsonError(403, "Forgetting a person must come from this dashboard's own page.");
  try {
    const admin = await requireUser();
    const body = bodySchema.safeParse(await readJsonBody(request, maxBodyBytes));
    if (!body.success) return jsonError(400, body.error.issues[0]?.message ?? "Give an email.");
    const removed = await forgetForAdmin(admin, body.data.email, request);
    return Response.json({ removed }, { headers: noStore });
  } catch (error) {
    return errorResponse(error) ?? jsonError(500, "The person could not be forgotten. Try again.");
  }
}
