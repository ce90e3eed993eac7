import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate` writes the SQL migrations the store applies on open (lib/store/server/connection.ts, with drizzle-orm's migrator).
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/store/schema.ts",
  out: "./lib/store/migrations",
});
