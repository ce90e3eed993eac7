export interface RoundRobinProxy {
  url: string;
  port: number;
  close(): Promise<void>;
}
export function startRoundRobinProxy(
  backends: string[],
  options?: { port?: number; host?: string },
): Promise<RoundRobinProxy>;
