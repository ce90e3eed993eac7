export interface MultiInstance {
  proxyUrl: string;
  upstreamUrl: string;
  token: string;
  /** The PostgreSQL the instances keep their reads in. */
  databaseUrl: string;
  apps: { url: string; pid: number }[];
  redisPid(): number;
  stopRedis(): Promise<void>;
  startRedis(): Promise<void>;
  stop(): Promise<void>;
}
export function startMultiInstance(options: {
  instances?: number;
  demoArgs?: string[];
  env?: Record<string, string>;
  logDir?: string;
}): Promise<MultiInstance>;
