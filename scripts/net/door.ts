import type { z } from "zod";
import { jsonPath } from "../problems.js";

export type Admitted<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * The door every answer from outside passes before anything is written: it is parsed by the same schema as
 * the file it will land in. A refusal names the file, the JSON path and the rule broken, in words for the
 * run's report; the caller then keeps the file's last good state.
 */
export function admit<Schema extends z.ZodType>(schema: Schema, value: unknown, file: string): Admitted<z.infer<Schema>> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const [first, ...rest] = parsed.error.issues;
  const where = first ? `${jsonPath(first.path)}: ${first.message}` : "invalid";
  const more = rest.length > 0 ? ` and ${rest.length} more` : "";
  return { ok: false, reason: `refused at the door: the answer does not fit ${file} (${where}${more}); its last good state is kept` };
}
