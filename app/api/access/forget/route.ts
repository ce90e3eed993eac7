import { z } from "zod";
import { forgetForAdmin } from "@/lib/fund-reads/server/forget";
import { apiWrite } from "@/lib/auth/api-route";
import { BadRequest } from "@/lib/http/errors";
import { readJsonBody } from "@/lib/http/json-body";

// {"email": "…"}: a few dozen bytes; anything past 1 KB is refused unread.
const maxBodyBytes = 1_024;
const bodySchema = z.strictObject({ email: z.email({ error: "Give the email of the person to forget." }).max(320) });

// An admin forgets a person's kept positions (the "Forget a person" form of /access): JSON in, from our own page.
export const POST = apiWrite(
  "POST /api/access/forget",
  z.object({}),
  {
    crossOrigin: "Forgetting a person must come from this dashboard's own page.",
    failure: "The person could not be forgotten. Try again.",
  },
  async ({ request, user }) => {
    const body = bodySchema.safeParse(await readJsonBody(request, maxBodyBytes));
    if (!body.success) throw new BadRequest(body.error.issues[0]?.message ?? "Give an email.");
    const { positions, notes } = await forgetForAdmin(user, body.data.email, request);
    return { removed: positions, notes };
  },
);
