export function newestSourceChange(root: string): number;
export function buildIsStale(root: string): boolean;
