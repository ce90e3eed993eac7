import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate` writes the SQL migrations the store applies on open (lib/store/server/migrate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/store/schema.ts",
  out: "./lib/store/migrations",
});
