import { securityHeaders } from "./lib/security-headers.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Dot segments and trailing slashes under /api resolve to JSON 404s in proxy.ts instead of redirects.
  skipTrailingSlashRedirect: true,
  serverExternalPackages: ["argon2"],
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      {
        // Also covers Next's own answers on these paths (405, 404), not only our handlers.
        source: "/api/:path*",
        headers: [{ key: "Cache-Control", value: "private, no-store" }],
      },
    ];
  },
};

export default nextConfig;
