import { noStore } from "@/lib/http/error-response";
import { readiness } from "@/lib/boot/readiness";

// Never prerendered or cached: each call says how things are now.
export const dynamic = "force-dynamic";

// Readiness: 200 when this instance can serve, else 503 with the reason; names no configuration value or data.
export async function GET(): Promise<Response> {
  const { ready, problem, checks } = await readiness();
  if (ready) return Response.json({ status: "ready", checks }, { headers: noStore });
  return Response.json(
    { status: "not ready", error: problem, checks },
    { status: 503, headers: { ...noStore, "Retry-After": "5" } },
  );
}
