export function sessionKeyFrom(secret: string): Promise<Uint8Array>;
