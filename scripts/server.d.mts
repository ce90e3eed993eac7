/** What is wrong with a raw request target, or null when Next may have it. */
export function rawTargetProblem(target: string): string | null;
