export const REDIS_SERVER: string;
export const missingRedisMessage: string;
export function ensureRedisServer(): boolean;
export interface RunningRedis {
  port: number;
  url: string;
  pid: number;
  stop(): Promise<void>;
}
export function startRedis(port?: number): Promise<RunningRedis>;
