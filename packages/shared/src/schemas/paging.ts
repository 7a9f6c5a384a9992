import { z } from '../zod.js';

/** List calls page with `page` (1-based) and `size`; answers are `{ list, total, page, size }`. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}
