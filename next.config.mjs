import { nonPagePaths, securityHeaders, strictContentSecurityPolicy } from "./lib/http/security-headers.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Dot segments and trailing slashes under /api resolve to JSON 404s in proxy.ts instead of redirects.
  skipTrailingSlashRedirect: true,
  // ExcelJS (CommonJS, with its zip and XML libraries), pdfkit and fontkit (which read their data files beside them)
  // and archiver are required by Node from node_modules, not bundled per route.
  serverExternalPackages: ["argon2", "exceljs", "pdfkit", "fontkit", "archiver"],
  // React 19 has useSyncExternalStore: TanStack Store's selector hook need not bring the pre-React-18 shim to the
  // browser (same package, its entry without the shim).
  turbopack: {
    resolveAlias: { "use-sync-external-store/shim/with-selector": "use-sync-external-store/with-selector" },
  },
  // scripts/server.mjs refuses bodies over 4 KB before Next reads them; this caps what the proxy would buffer anyway.
  // `npm test` runs tsc on its own before the build: the build need not check the same types again (37 s of a
  // 96 s build on the 2-core CI machine). A plain `next build` still checks them.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPES_CHECKED === "1" },
  experimental: {
    // CI builds a fresh clone once: writing Turbopack's cache (11 s) would only be thrown away.
    turbopackFileSystemCacheForBuild: !process.env.CI,
    proxyClientMaxBodySize: 4096,
    // Not inlined: Next wrote the 35 KB stylesheet into each page three times (a <style> and twice in the RSC
    // payload, too far apart for gzip to share), half of /outstanding's HTML; linked, it is 8 KB once and cached.
    // Lighthouse mobile could not tell the two apart (same server, five runs each: /outstanding 94 and 93.5).
    inlineCss: false,
  },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      {
        // Also covers Next's own answers on these paths (405, 404), not only our handlers.
        source: "/api/:path*",
        headers: [{ key: "Cache-Control", value: "private, no-store" }],
      },
      // Pages get their nonce policy in proxy.ts; everything else, Next's own 404 and 405 included, the strict one.
      ...nonPagePaths.map((source) => ({
        source,
        headers: [{ key: "Content-Security-Policy", value: strictContentSecurityPolicy }],
      })),
    ];
  },
};

export default nextConfig;
