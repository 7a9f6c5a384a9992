import { PERMISSION_KEYS } from '../permissions.js';
import { z } from '../zod.js';

// Schemas of levels and permissions, apart from their constants (levels.ts, permissions.ts) so that
// the web's first screen, which reads the constants, ships no zod (issue 21).
export const levelSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const permissionKeySchema = z.enum(PERMISSION_KEYS);

export const deniedEntrySchema = z.object({
  type: z.union([z.literal(0), z.literal(1)]),
  permission: permissionKeySchema,
});
export type DeniedEntry = z.infer<typeof deniedEntrySchema>;
