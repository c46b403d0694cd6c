import type { z } from "zod";

type AnySchema = z.core.$ZodType;

interface Introspection {
  shape: Record<string, AnySchema> | null;
  element: AnySchema | null;
  options: AnySchema[] | null;
}

/** What a schema says about the shape of values, looked up once per schema (this runs for every value). */
const introspected = new WeakMap<AnySchema, Introspection>();

function introspect(schema: AnySchema): Introspection {
  let known = introspected.get(schema);
  if (!known) {
    const def = unwrap(schema)._zod.def as { type: string; options?: AnySchema[] };
    known = { shape: objectShape(schema), element: arrayElement(schema), options: def.type === "union" && def.options ? def.options : null };
    introspected.set(schema, known);
  }
  return known;
}

/** Strips wrappers that do not change the shape of the value (optional, nullable, default, pipe). */
function unwrap(schema: AnySchema): AnySchema {
  let current = schema;
  for (;;) {
    const def = current._zod.def as { type: string; innerType?: AnySchema; in?: AnySchema };
    if ((def.type === "optional" || def.type === "nullable" || def.type === "default" || def.type === "readonly") && def.innerType) {
      current = def.innerType;
    } else if (def.type === "pipe" && def.in) {
      current = def.in;
    } else {
      return current;
    }
  }
}

/** The members an object schema names (through optional/nullable wrappers), or null for other schemas. */
export function objectShape(schema: AnySchema): Record<string, AnySchema> | null {
  const inner = unwrap(schema);
  const def = inner._zod.def as { type: string; shape?: Record<string, AnySchema>; options?: AnySchema[] };
  if (def.type === "object" && def.shape) return def.shape;
  return null;
}

function arrayElement(schema: AnySchema): AnySchema | null {
  const def = unwrap(schema)._zod.def as { type: string; element?: AnySchema };
  return def.type === "array" && def.element ? def.element : null;
}

/** For a union, the first member that describes objects (or arrays) like the value. */
function unionMember(schema: AnySchema, value: unknown): AnySchema | null {
  const { options } = introspect(schema);
  if (!options || value === null || typeof value !== "object") return null;
  for (const option of options) {
    if (Array.isArray(value) ? introspect(option).element : introspect(option).shape) return option;
  }
  return null;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * Walks a value along its schema. `onUnknownKey` hears of members the schema does not name (kept, but
 * worth a warning); the return value is a copy with known members in schema order, extra members after.
 */
export function canonicalize(
  schema: AnySchema,
  value: unknown,
  onUnknownKey?: (path: PropertyKey[]) => void,
  path: PropertyKey[] = [],
): unknown {
  const member = unionMember(schema, value);
  if (member) return canonicalize(member, value, onUnknownKey, path);
  const { shape, element } = introspect(schema);
  if (shape && isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(shape)) {
      if (Object.hasOwn(value, key) && value[key] !== undefined) out[key] = canonicalize(shape[key]!, value[key], onUnknownKey, [...path, key]);
    }
    for (const key of Object.keys(value)) {
      if (Object.hasOwn(shape, key)) continue;
      onUnknownKey?.([...path, key]);
      // defineProperty, not assignment: a member named "__proto__" must stay data, not become the prototype.
      Object.defineProperty(out, key, { value: value[key], enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  if (element && Array.isArray(value)) {
    return value.map((item, index) => canonicalize(element, item, onUnknownKey, [...path, index]));
  }
  return value;
}

/** Reports members the schema does not name, without copying anything (the validator's hot path). */
export function findUnknownKeys(schema: AnySchema, value: unknown, onUnknownKey: (path: PropertyKey[]) => void, path: PropertyKey[] = []): void {
  const member = unionMember(schema, value);
  if (member) return findUnknownKeys(member, value, onUnknownKey, path);
  const { shape, element } = introspect(schema);
  if (shape && isPlainObject(value)) {
    for (const key in value) {
      // hasOwn, not shape[key]: a member named "__proto__" or "constructor" must not find Object.prototype.
      const inner = Object.hasOwn(shape, key) ? shape[key] : undefined;
      if (inner) {
        const child = value[key];
        if (child !== null && typeof child === "object") findUnknownKeys(inner, child, onUnknownKey, [...path, key]);
      } else {
        onUnknownKey([...path, key]);
      }
    }
  } else if (element && Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const child = value[index];
      if (child !== null && typeof child === "object") findUnknownKeys(element, child, onUnknownKey, [...path, index]);
    }
  }
}
