export function ensurePgliteTemplate(template: string): Promise<string>;
export function seedPgliteFolder(folder: string, template: string): Promise<string>;
