import type { Redis } from "ioredis";

export const revocationKeys: { sessions: string; users: string };
export const revocationKeepMs: number;
export function revocationChannel(prefix: string): string;
export function storeSessionRevocation(
  client: Redis,
  prefix: string,
  sid: string,
  until: number,
  now?: number,
): Promise<void>;
export function storeUserRevocation(client: Redis, prefix: string, email: string, at?: number): Promise<void>;
