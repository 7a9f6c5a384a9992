import type { FormRule } from 'antd';

/** The part of a zod schema a form rule needs; keeps zod itself out of the form's imports. */
export interface SafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

/** An antd Form rule from a shared zod schema: the schema's first message is the field's error. */
export function zodRule(schema: SafeParser): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '');
    },
  };
}
