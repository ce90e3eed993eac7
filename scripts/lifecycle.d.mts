import type { IncomingMessage, Server, ServerResponse } from "node:http";

type Handle = (req: IncomingMessage, res: ServerResponse) => unknown;

export class Lifecycle {
  constructor(options: { graceMs: number; headers: Record<string, string> });
  state: "starting" | "prepared" | "ready" | "stopping";
  prepared(): void;
  ready(): void;
  answered(req: IncomingMessage, res: ServerResponse): boolean;
  track(req: IncomingMessage, res: ServerResponse): void;
  handled(req: IncomingMessage, res: ServerResponse, handle: () => Handle): Promise<unknown>;
  stop(server: Server, signal: string): Promise<void>;
}
