export const maxTargetBytes: number;
export const maxHeaderBytes: number;
export const maxBodyBytes: number;
export function rawTargetProblem(target: string): string | null;
export function requestProblem(request: {
  url?: string;
  rawHeaders?: string[];
  headers?: Record<string, string | string[] | undefined>;
}): [number, string] | null;
export function parserProblem(error: { code?: string; rawPacket?: Buffer }): [number, string];
export function clientAddressOf(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string;
