import { existsSync, readdirSync, statSync } from "node:fs";
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

// The foundation every feature stands on (ARCHITECTURE.md): any folder of lib/ not named here is a feature, so a new
// feature is kept apart from the others the day it is made. Shared homes' server/ folders are for every feature.
const foundation = {
  plumbing: ["server", "http", "store", "values", "table", "query", "testing", "demo-api", "xlsx", "customer-api"],
  shared: ["data", "access", "auth", "csv", "sensitive", "fund-reads", "organization"],
};
const libFolders = readdirSync("lib").filter((name) => statSync(`lib/${name}`).isDirectory());
const notFeatures = new Set([...foundation.plumbing, ...foundation.shared, "boot"]);
const features = libFolders.filter((name) => !notFeatures.has(name));
const serverFolders = libFolders.filter((name) => existsSync(`lib/${name}/server`));
// No folder reads another's server/ folder but the shared homes'; lib/boot wires every feature at the start.
const featureZones = libFolders
  .filter((folder) => folder !== "boot" && !["server", "http", "store"].includes(folder))
  .map((folder) => ({
    target: `./lib/${folder}/**`,
    from: serverFolders
      .filter((other) => other !== folder && !foundation.shared.includes(other) && other !== "store")
      .map((other) => `./lib/${other}/server/**`),
    message:
      "A feature never imports another feature's server/ folder: take fund reads from lib/fund-reads, the " +
      "organization's state from lib/organization, and wire features together in lib/boot.",
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
            "./lib/notes/*.ts",
            "./lib/views/*.ts",
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
          target: ["./lib/fund-reads/**", "./lib/organization/**"],
          from: features.map((feature) => `./lib/${feature}/**`),
          message:
            "lib/fund-reads and lib/organization hand reads to the features and never import theirs (types included): " +
            "what they hand over is their own.",
        },
        {
          target: ["./lib/server/**", "./lib/http/**", "./lib/store/**"],
          from: [...features, ...foundation.shared, "boot"].map((folder) => `./lib/${folder}/**`),
          message: "Plumbing imports no feature: types it needs live with it; features are wired together in lib/boot.",
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
    ignores: [
      ".next/**",
      ".scratch/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      ".e2e/**",
    ],
  },
];

export default config;
