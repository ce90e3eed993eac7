export const securityHeaders: { key: string; value: string }[];
export function contentSecurityPolicy(nonce: string, development: boolean): string;
export const strictContentSecurityPolicy: string;
export const nonPagePaths: string[];
export const clientAddressHeader: string;
export const requestIdHeader: string;
export const strictTransportSecurity: string;
