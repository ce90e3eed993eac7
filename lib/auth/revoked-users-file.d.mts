export const defaultRevokedUsersFile: string;
export function readRevokedUsers(path: string): Map<string, number>;
export function revokeUser(path: string, email: string, now?: number, keepMs?: number): void;
