export const warmPassHeader: string;
export function openWarmPass(): string;
export function closeWarmPass(): void;
export function isWarmPass(value: string | null | undefined): boolean;
export function warmPassOpen(): boolean;
