import { NextResponse, type NextRequest } from "next/server";

// The only API paths that exist; a segment's format is checked by its route handler (400 for a bad id).
const apiRoutes = [
  /^\/api\/funds\/?$/,
  /^\/api\/funds\.csv$/,
  /^\/api\/investors\.csv$/,
  /^\/api\/funds\/[^/]+\/investors\.csv$/,
  /^\/api\/funds\/[^/]+\/?$/,
  /^\/api\/funds\/[^/]+\/sensitive\/?$/,
  /^\/api\/funds\/[^/]+\/investors\/?$/,
  /^\/api\/funds\/[^/]+\/investors\/[^/]+\/?$/,
  /^\/api\/funds\/[^/]+\/investors\/[^/]+\/sensitive\/?$/,
];

/** Any other /api path (including ones that `..` segments resolve to) answers JSON, never an HTML page. */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname.startsWith("/api") && !apiRoutes.some((route) => route.test(pathname))) {
    return NextResponse.json(
      { error: "No such API route." },
      { status: 404, headers: { "Cache-Control": "private, no-store" } },
    );
  }
  return NextResponse.next();
}

export const config = { matcher: ["/api", "/api/:path*"] };
