import { noStore } from "@/lib/http/error-response";

// Never prerendered or cached: each call says how things are now.
export const dynamic = "force-dynamic";

// Liveness for load balancers and orchestrators: the process answers. No session, no upstream call, no data.
export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: noStore });
}
