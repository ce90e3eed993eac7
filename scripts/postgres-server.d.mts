export function postgresBin(): string | null;
export const missingPostgresMessage: string;
export function ensurePostgresServer(): boolean;
export interface RunningPostgres {
  port: number;
  url: string;
  stop(): Promise<void>;
}
export function startPostgres(port?: number): Promise<RunningPostgres>;
export function dumpDatabase(url: string): Promise<string>;
