import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

// What each part of the tree may import (ARCHITECTURE.md, "Code map"): checked on every lint.
const serverOnly = [
  "./lib/**/server/**",
  "./lib/data/**",
  "./lib/auth/**",
  "./lib/http/**",
  "./lib/server/**",
  "./lib/sensitive/**",
];
const upstreamClient = [
  "./lib/customer-api/index.ts",
  "./lib/customer-api/client.ts",
  "./lib/customer-api/transport.ts",
  "./lib/customer-api/upstream.ts",
  "./lib/customer-api/probe.ts",
];

export const boundaries = {
  "import/no-restricted-paths": [
    "error",
    {
      zones: [
        {
          target: [
            "./components/**",
            "./lib/values/**",
            "./lib/table/**",
            "./lib/query/**",
            "./lib/csv/*.ts",
            "./lib/xlsx/*.ts",
            "./lib/funds/*.ts",
            "./lib/investors/*.ts",
            "./lib/directory/*.ts",
            "./lib/reconciliation/*.ts",
            "./lib/outstanding/*.ts",
          ],
          from: serverOnly,
          message: "Browser-side code never imports server-only code (server/ folders, lib/data, sessions, HTTP, env).",
        },
        {
          target: "./lib/customer-api/**",
          from: ["./lib/auth/**", "./lib/data/**"],
          message: "The upstream client knows nothing of sessions or principals: lib/data checks those.",
        },
        {
          target: ["./app/**", "./components/**", "./proxy.ts", "./lib/!(data|customer-api)/**"],
          from: upstreamClient,
          message: "Only lib/data calls the upstream client.",
        },
      ],
    },
  ],
};

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  // Tests may reach across: they exercise the pieces together.
  { ignores: ["**/*.test.ts", "**/*.test.tsx"], rules: boundaries },
  // A leading underscore marks a parameter kept for its type (a read's required principal).
  { rules: { "@typescript-eslint/no-unused-vars": ["warn", { argsIgnorePattern: "^_" }] } },
  { files: ["lib/**/*.ts"], rules: { "import/no-cycle": ["error", { maxDepth: 10, ignoreExternal: true }] } },
  {
    ignores: [".next/**", "node_modules/**", "test-results/**", "playwright-report/**", "next-env.d.ts", ".e2e/**"],
  },
];

export default config;
