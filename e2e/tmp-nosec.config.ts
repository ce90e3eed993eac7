import base from "./playwright.config";
const config = { ...base };
config.projects = base.projects!.filter((p) => !p.name!.startsWith("security")).map((p) => ({ ...p, dependencies: p.dependencies?.filter((d) => !d.startsWith("security")) }));
config.webServer = (base.webServer as { command: string }[]).filter((w) => !w.command.includes("security"));
export default config;
