// Every route of the dashboard, read from the route files under app/ (pages and route handlers alike), so a route
// added there joins every suite that walks this list without anyone remembering to add it.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

export interface AppRoute {
  /** The route's file, relative to the project. */
  file: string;
  kind: "page" | "handler";
  /** Its path with Next's params as written: `/api/funds/[fundId]/investors/[investorId]`. */
  template: string;
  /** The HTTP methods it answers (a page: GET). */
  methods: string[];
}

const appDir = join(process.cwd(), "app");

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return /^(page\.tsx|route\.ts)$/.test(entry.name) ? [path] : [];
  });
}

function methodsOf(source: string): string[] {
  const found = source.matchAll(/export\s+(?:const|async function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/g);
  return [...new Set([...found].map((match) => match[1]!))];
}

/** Every page and route handler under app/, its path template and methods. */
export function appRoutes(): AppRoute[] {
  return routeFiles(appDir)
    .map((path) => {
      const parts = relative(appDir, path).split(sep).slice(0, -1);
      // Route groups, "(grid)", are not in the URL.
      const template = `/${parts.filter((part) => !/^\(.*\)$/.test(part)).join("/")}`;
      const page = path.endsWith("page.tsx");
      return {
        file: relative(process.cwd(), path),
        kind: page ? ("page" as const) : ("handler" as const),
        template,
        methods: page ? ["GET"] : methodsOf(readFileSync(path, "utf8")),
      };
    })
    .sort((a, b) => a.template.localeCompare(b.template));
}

/** The params a template names: `[fundId]` → fundId. */
export function paramsOf(template: string): string[] {
  return [...template.matchAll(/\[([^\]]+)\]/g)].map((match) => match[1]!);
}

/** The template with its params filled in (each encoded); throws for a param it was not given. */
export function fillRoute(template: string, values: Record<string, string>): string {
  return template.replace(/\[([^\]]+)\]/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for [${name}] in ${template}: add it to the suite's ids`);
    return encodeURIComponent(value);
  });
}
