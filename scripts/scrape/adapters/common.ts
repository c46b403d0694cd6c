import { OBSERVATION_LIMITS, boundedText, positiveInteger } from "../bounds.js";
import { currencyCode } from "../units.js";
import type { ParsedModel, ParsedPage } from "./types.js";

type Item = Record<string, unknown>;

const isObject = (value: unknown): value is Item => value !== null && typeof value === "object" && !Array.isArray(value);

/** The items of {"data": […]} ("list"), of a bare array ("array"), or of either. */
export function itemsOf(body: unknown, shape: "list" | "array" | "either"): { items: unknown[]; openAiList: boolean } | null {
  if (shape !== "list" && Array.isArray(body)) return { items: body, openAiList: false };
  if (shape !== "array" && isObject(body) && Array.isArray(body.data)) return { items: body.data, openAiList: true };
  return null;
}

/**
 * Reads every item with `read` (which gets the item and its bounded id) into a page. An item without a
 * usable id is counted, not fatal; an answer whose items are all unusable is not a models list at all.
 */
export function readItems(found: { items: unknown[]; openAiList: boolean }, read: (item: Item, id: string) => ParsedModel): ParsedPage | null {
  const models: ParsedModel[] = [];
  let skipped = 0;
  for (const item of found.items) {
    const id = isObject(item) ? boundedText(item.id) : null;
    if (!isObject(item) || id === null) {
      skipped += 1;
      continue;
    }
    models.push(read(item, id));
  }
  if (found.items.length > 0 && models.length === 0) return null;
  return { models, skipped, openAiList: found.openAiList };
}

/** Drops the members that are undefined, so observations carry only what was seen. */
export function compact(model: ParsedModel): ParsedModel {
  return Object.fromEntries(Object.entries(model).filter(([, value]) => value !== undefined)) as unknown as ParsedModel;
}

export const contextOf = (item: Item, ...keys: string[]): number | undefined => {
  for (const key of keys) {
    const value = positiveInteger(item[key]);
    if (value !== undefined) return value;
  }
  return undefined;
};

export function aliasesOf(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const aliases = value.map((alias) => boundedText(alias)).filter((alias): alias is string => alias !== null);
  return aliases.length > 0 ? aliases.slice(0, OBSERVATION_LIMITS.maxAliases) : undefined;
}

export const objectAt = (value: unknown): Item | null => (isObject(value) ? value : null);

export const currencyOr = (value: unknown, fallback: string | undefined): string | undefined => currencyCode(value) ?? fallback;
