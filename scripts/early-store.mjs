// The embedded store's process, started before anything else of the server loads: Next takes about a second to
// prepare, and a restart's first answers waited for the store after it (PGlite opened 2.2 s after Next's
// configuration at 100,000 positions). Only without DATABASE_URL, for a folder a previous start made.
import nextEnv from "@next/env";
import { startEarly } from "../lib/store/pglite-host.mjs";

// Next loads the same files again when it starts; quietly here, so its own lines say it once.
nextEnv.loadEnvConfig(process.cwd(), false, { info: () => undefined, error: console.error });
if (!process.env.DATABASE_URL?.trim()) startEarly(process.env.DATABASE_DIR?.trim() || ".fund-explorer/db");
