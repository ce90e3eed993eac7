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

// Feature tables: none reads another's server/ folder; fund reads come from their one home, lib/fund-reads.
const features = ["funds", "investors", "directory", "reconciliation", "outstanding"];
const featureZones = features.map((feature) => ({
  target: `./lib/${feature}/**`,
  from: features.filter((other) => other !== feature).map((other) => `./lib/${other}/server/**`),
  message: "A feature never imports another feature's server/ folder: take fund reads from lib/fund-reads.",
}));

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
        {
          target: "./lib/fund-reads/**",
          from: features.map((feature) => `./lib/${feature}/server/**`),
          message: "lib/fund-reads is the one home of fund reads: it hands reads to features, never imports theirs.",
        },
        ...featureZones,
      ],
    },
  ],
};

// Only lib/store talks to a database: the rest of the tree goes through its API (lib/store/server).
export const storeDrivers = {
  "no-restricted-imports": [
    "error",
    {
      patterns: [
        {
          group: ["pg", "pg/*", "@electric-sql/pglite", "@electric-sql/pglite/*", "@electric-sql/pglite-socket"],
          message: "Only lib/store opens a database: use lib/store/server.",
        },
        {
          group: [
            "drizzle-orm/pglite",
            "drizzle-orm/pglite/*",
            "drizzle-orm/node-postgres",
            "drizzle-orm/node-postgres/*",
          ],
          message: "Only lib/store opens a database: use lib/store/server.",
        },
      ],
    },
  ],
};

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  // Tests may reach across: they exercise the pieces together (a *.suite.ts is a suite several test files run).
  { ignores: ["**/*.test.ts", "**/*.test.tsx", "**/*.suite.ts"], rules: boundaries },
  {
    files: ["app/**", "components/**", "lib/**", "proxy.ts", "instrumentation.ts"],
    ignores: ["lib/store/**"],
    rules: storeDrivers,
  },
  // A leading underscore marks a parameter kept for its type (a read's required principal).
  { rules: { "@typescript-eslint/no-unused-vars": ["warn", { argsIgnorePattern: "^_" }] } },
  {
    files: ["lib/**/*.ts"],
    rules: { "import/no-cycle": ["error", { maxDepth: 10, ignoreExternal: true }] },
    // Packages are never parsed for their imports (a cycle runs through our files): 48 s of a 85 s lint before.
    settings: { "import/ignore": ["node_modules"] },
  },
  {
    ignores: [".next/**", "node_modules/**", "test-results/**", "playwright-report/**", "next-env.d.ts", ".e2e/**"],
  },
];

export default config;
