import { checkText, type TextRule } from '@taxlens/shared';
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

/**
 * An antd Form rule from a shared text rule (phone, password, SMS code): the same checks and messages
 * as the schema the server parses with, without zod, so the sign-in screens ship none (issue 21).
 */
export function textRule(rule: TextRule): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const message = checkText(rule, value ?? '');
      if (message !== null) throw new Error(message);
    },
  };
}
