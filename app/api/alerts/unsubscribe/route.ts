import { escapeHtml } from "@/lib/alerts/server/render";
import { unsubscribeByLink } from "@/lib/alerts/server/subscriptions";
import { logLine } from "@/lib/server/log";

// Public: one-click unsubscribe (RFC 8058): a mail client POSTs `List-Unsubscribe=One-Click` here with no session; the
// signed link itself says which subscription. The unsubscribe page's button posts here too. Answers a short page.
export async function POST(request: Request): Promise<Response> {
  const url = new URL(request.url);
  let done = false;
  try {
    done = await unsubscribeByLink(url.searchParams.get("s"), url.searchParams.get("t"));
  } catch {
    done = false;
  }
  logLine("request", { route: "POST /api/alerts/unsubscribe", status: done ? 200 : 400 });
  const message = done
    ? "You are unsubscribed: this subscription sends you no more email."
    : "This unsubscribe link is not valid. Manage your alerts in Fund Explorer.";
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Unsubscribe · Fund Explorer</title></head><body><main><h1>Unsubscribe</h1><p>${escapeHtml(message)}</p><p><a href="/alerts">Your alerts</a></p></main></body></html>`;
  return new Response(page, {
    status: done ? 200 : 400,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
