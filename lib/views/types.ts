import { z } from "zod";

// Saved views (issue 45): a table page's URL state with a name, private or shared. Browser-safe.

/** The longest view name, in characters. */
export const maxViewNameCharacters = 100;

const characters = (text: string) => Array.from(text).length;

export const viewNameSchema = z
  .string({ error: "name: a name for the view" })
  .refine((name) => name.trim() !== "", { error: "name: a name for the view" })
  .refine((name) => characters(name) <= maxViewNameCharacters, {
    error: `name: at most ${maxViewNameCharacters} characters`,
  })
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), { error: "name: no control characters" });

/** POST /api/views: the page (its path), a name, its query string, shared with everyone who may open the page or not. */
export const viewBodySchema = z.strictObject({
  page: z.string({ error: "page: a table page's path, such as /outstanding" }).max(300),
  name: viewNameSchema,
  query: z
    .string({ error: "query: the page's query string, such as ?overdue=1" })
    .max(4_000, { error: "query: at most 4,000 characters" }),
  shared: z.boolean({ error: "shared: true or false" }),
});
export type ViewBody = z.infer<typeof viewBodySchema>;

/** PATCH /api/views/{id}: its owner renames or shares it; anyone it is listed to makes it their default (or not). */
export const viewChangeSchema = z
  .strictObject({
    name: viewNameSchema.optional(),
    shared: z.boolean({ error: "shared: true or false" }).optional(),
    default: z.boolean({ error: "default: true or false" }).optional(),
  })
  .refine((body) => body.name !== undefined || body.shared !== undefined || body.default !== undefined, {
    error: "say what changes: name, shared or default",
  });
export type ViewChange = z.infer<typeof viewChangeSchema>;

/** A view as GET /api/views lists it. */
export interface SavedView {
  id: string;
  page: string;
  name: string;
  /** The page's query string ("" or "?…"); opening the view is opening page + query. */
  query: string;
  href: string;
  shared: boolean;
  owner: string;
  ownerName: string | null;
  /** The person's own: they rename, share and delete it. */
  mine: boolean;
  /** The person's default for the page. */
  isDefault: boolean;
  /** Whether the person may delete it (their own, or an admin and it is shared). */
  canDelete: boolean;
}

export interface ViewsList {
  views: SavedView[];
  /** Whether the person may save views (viewers open and choose defaults; ops and admins save). */
  canSave: boolean;
}
