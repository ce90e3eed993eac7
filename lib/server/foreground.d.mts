export function requestStarted(): void;
export function requestEnded(): void;
export function requestsRunning(): number;
export function foregroundQuiet(maxWaitMs?: number): Promise<void>;
