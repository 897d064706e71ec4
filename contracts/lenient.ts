import { z } from 'zod';

/**
 * Lenient readers derived from the contract's response schemas, for a client that talks to an API
 * it does not control (a Laravel backend may leave out fields of SPEC.md §3 or add its own).
 *
 * `lenient(schema, rules)` reads what the contract describes but only insists on the `required`
 * fields of each object (by default its `id`, when it has one); every other field that is missing
 * or malformed takes a default: the rule's `defaults(raw)` when it names one (e.g. one field
 * standing in for another), else by type: null for nullable, '' for text, 0 for numbers, false for
 * flags, [] for lists. Unknown fields are dropped, as zod objects do. Nested objects follow their
 * own rule (looked up by the nested schema object), and a list drops the items it cannot read
 * instead of failing as a whole. The result has the contract's type, so the rest of the app reads
 * the same shapes from our API and from another one.
 */
export interface LenientRule {
  /** Fields without which the object cannot be used: a missing one fails the object. */
  required?: readonly string[];
  /** Defaults computed from the raw object, for fields that are missing (undefined) in it. */
  defaults?: (raw: Record<string, unknown>) => Record<string, unknown>;
}
export type LenientRules = ReadonlyMap<z.ZodType, LenientRule>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

type Any = z.ZodType;
const typeOf = (schema: Any): string => (schema as unknown as { def: { type: string } }).def.type;

/** The default of a field the answer left out or sent malformed. */
function fallbackFor(schema: Any): unknown {
  switch (typeOf(schema)) {
    case 'nullable':
      return null;
    case 'optional':
      return undefined;
    case 'string':
      return '';
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'literal':
      return (schema as unknown as z.ZodLiteral).value;
    case 'enum':
      return (schema as unknown as z.ZodEnum).options[0];
    default:
      return undefined;
  }
}

function lenientAny(schema: Any, rules: LenientRules): Any {
  switch (typeOf(schema)) {
    case 'object':
      return lenientObject(schema as unknown as z.ZodObject, rules);
    case 'array': {
      const item = lenientAny((schema as unknown as z.ZodArray<Any>).element, rules);
      return z.array(z.unknown()).transform((items) =>
        items.flatMap((raw) => {
          const read = item.safeParse(raw);
          return read.success ? [read.data] : [];
        }),
      );
    }
    case 'nullable':
      return lenientAny((schema as unknown as z.ZodNullable<Any>).unwrap(), rules).nullable();
    case 'optional':
      return lenientAny((schema as unknown as z.ZodOptional<Any>).unwrap(), rules).optional();
    default:
      return schema;
  }
}

function lenientObject(schema: z.ZodObject, rules: LenientRules): Any {
  const rule = rules.get(schema) ?? {};
  const shape = schema.shape as Record<string, Any>;
  const required = new Set(rule.required ?? ('id' in shape ? ['id'] : []));
  const fields: Record<string, Any> = {};
  for (const [key, field] of Object.entries(shape)) {
    const read = lenientAny(field, rules);
    fields[key] = required.has(key) ? read : read.catch(fallbackFor(field));
  }
  const object = z.object(fields);
  if (!rule.defaults) return object;
  const defaults = rule.defaults;
  return z.preprocess((raw) => {
    if (!isRecord(raw)) return raw;
    const filled = { ...raw };
    for (const [key, value] of Object.entries(defaults(raw))) {
      if (filled[key] === undefined && value !== undefined) filled[key] = value;
    }
    return filled;
  }, object);
}

/** A reader of `schema` that tolerates what `rules` allow (see above); it outputs the contract's type. */
export function lenient<S extends z.ZodType>(schema: S, rules: LenientRules = new Map()): z.ZodType<z.output<S>> {
  return lenientAny(schema, rules) as unknown as z.ZodType<z.output<S>>;
}
