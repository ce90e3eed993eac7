import type { IncomingMessage, ServerResponse } from "node:http";

export function sendRefusal(
  req: IncomingMessage,
  res: ServerResponse,
  refusal: { status: number; message: string; retryAfterSeconds: number },
): void;
