// Runs once when the server starts: checks the environment and, with no upstream configured, starts the demo API.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServer } = await import("./lib/boot/start");
  await startServer();
}
