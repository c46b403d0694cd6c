import { UNSAFE_OUTSIDE_CHARACTERS } from "../schema/primitives.js";

const UNSAFE_ALL = new RegExp(UNSAFE_OUTSIDE_CHARACTERS.source, "gu");

/**
 * Text from a page, a register or a forge as it may be written to a file, a pull request or a terminal: every
 * control, bidirectional and invisible character removed (a line break becomes a space), whitespace collapsed,
 * at most `max` characters (cut with an ellipsis) when a limit is given.
 */
export function cleanText(text: string, max = Number.POSITIVE_INFINITY): string {
  const clean = text.replace(UNSAFE_ALL, " ").replace(/\s+/g, " ").trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/**
 * Outside text inside a Markdown code span: no backtick can end the span, so no link, image, @-mention or
 * HTML inside it is rendered or notifies anyone.
 */
export const markdownCode = (text: string, max = 200) => `\`${cleanText(text, max).replace(/`/g, "'")}\``;
