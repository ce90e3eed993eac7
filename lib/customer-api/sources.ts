import "server-only";
import { readFileSync } from "node:fs";
import { z } from "zod";
import { EnvError, serverEnv } from "../server/env";
import { processWide } from "../server/process-wide";

// The upstreams this deployment reads (issue 28): CUSTOMER_API_BASE_URL and CUSTOMER_API_TOKEN as the one source
// named "default", or CUSTOMER_API_SOURCES_FILE naming several; neither, the embedded demo as "default".

/** A source's short name: in fund links (`acme~<fund id>`), scopes (`acme/Northwind Partners`) and logs. */
export const sourceNameSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, "a source's name is 1-32 lower-case letters, digits and -, first not -");

const tokenFrom = z.union(
  [
    z.strictObject({ env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "token.env must name a variable") }),
    z.strictObject({ file: z.string().min(1) }),
  ],
  { error: 'token must say where it comes from, {"env": "VARIABLE"} or {"file": "/path"}: never the token itself' },
);

const sourcesFileSchema = z
  .array(
    z.strictObject({
      name: sourceNameSchema,
      baseUrl: z.url({ protocol: /^https?$/, error: "baseUrl must be an http(s) URL" }),
      token: tokenFrom,
    }),
  )
  .min(1, "name at least one source")
  .refine((list) => new Set(list.map((source) => source.name)).size === list.length, "each source needs its own name");

export type SourceConfig =
  | { name: string; kind: "demo" }
  | { name: string; kind: "upstream"; baseUrl: string; token: { value: string } | { env: string } | { file: string } };

export const defaultSourceName = "default";

function readSourcesFile(file: string): SourceConfig[] {
  let parsed: z.ZodSafeParseResult<z.infer<typeof sourcesFileSchema>>;
  try {
    parsed = sourcesFileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  } catch (error) {
    throw new EnvError(`CUSTOMER_API_SOURCES_FILE ${file} could not be read as JSON (${(error as Error).name})`);
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new EnvError(`CUSTOMER_API_SOURCES_FILE ${file}: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  return parsed.data.map((source) => ({ ...source, kind: "upstream" as const }));
}

/** The configured sources, read once at start (a changed sources file takes effect on restart). */
export function sourceConfigs(): readonly SourceConfig[] {
  return processWide("source-configs", () => {
    const env = serverEnv();
    if (env.CUSTOMER_API_SOURCES_FILE) return readSourcesFile(env.CUSTOMER_API_SOURCES_FILE);
    if (env.CUSTOMER_API_BASE_URL && env.CUSTOMER_API_TOKEN) {
      const token = { value: env.CUSTOMER_API_TOKEN };
      return [{ name: defaultSourceName, kind: "upstream" as const, baseUrl: env.CUSTOMER_API_BASE_URL, token }];
    }
    return [{ name: defaultSourceName, kind: "demo" as const }];
  });
}

/** The sources' names, in the configured order. */
export function sourceNames(): string[] {
  return sourceConfigs().map((source) => source.name);
}

/** Whether this deployment reads one source: its links keep the upstream's fund ids as they are. */
export function singleSource(): boolean {
  return sourceConfigs().length === 1;
}

/** The token a source's configuration points to, read now; throws one readable line when it is missing. */
export function tokenOf(source: Extract<SourceConfig, { kind: "upstream" }>): string {
  const from = source.token;
  if ("value" in from) return from.value;
  if ("env" in from) {
    const value = process.env[from.env]?.trim();
    if (!value) throw new EnvError(`source ${source.name}: the variable ${from.env} holding its token is not set`);
    return value;
  }
  try {
    const value = readFileSync(from.file, "utf8").trim();
    if (value) return value;
  } catch {
    // Named below without the file's content.
  }
  throw new EnvError(`source ${source.name}: its token file ${from.file} could not be read or is empty`);
}
