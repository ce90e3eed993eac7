// Standalone demo API: npm run demo-api -- --port 4010 [--admin] [--token T] [fault flags]
import { USAGE, parseCliArgs } from "./cli-args";
import { startDemoApi } from "./server";

function fail(message: string): never {
  // Config errors already name the demo API.
  process.stderr.write(`${message.startsWith("demo-api:") ? message : `demo-api: ${message}`}\n\n${USAGE}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  const parsed = parseCliArgs(process.argv.slice(2));
  if (parsed.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const api = await startDemoApi(parsed.options);
  const { funds, totalInvestors, config } = api.store;
  process.stdout.write(
    `demo Customer API listening on ${api.url} (${funds.length} funds, ${totalInvestors.toLocaleString("en-US")} investors)\n`,
  );
  for (const { index, kind } of config.faultyFunds)
    process.stdout.write(`faulty fund #${index} ${funds[index]!.id}: ${kind}\n`);
  if (api.tokenGenerated) process.stdout.write(`token: ${api.token}\n`);
  const stop = (): void => {
    api.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
    // Open keep-alive or streaming sockets must not hold the process past a second signal's patience.
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
