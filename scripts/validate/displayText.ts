import { hiddenCharacterIn } from "../schema/primitives.js";
import { jsonPath, type Problem } from "../problems.js";

/** Every string of a record, member names included, is shown somewhere (pages, CSV, feeds, assistants' answers). */
export function checkDisplayText(file: string, id: string, value: unknown): Problem[] {
  const problems: Problem[] = [];
  const visit = (node: unknown, path: PropertyKey[]) => {
    if (typeof node === "string") {
      const hidden = hiddenCharacterIn(node);
      if (hidden) problems.push({ severity: "error", file, id, path: jsonPath(path), rule: "display-text", message: `contains ${hidden}: control characters other than line breaks and tabs, bidirectional overrides, tag characters and lone surrogates are refused in every displayed string` });
      return;
    }
    if (Array.isArray(node)) node.forEach((item, index) => visit(item, [...path, index]));
    else if (node !== null && typeof node === "object") {
      for (const [key, member] of Object.entries(node)) {
        const hidden = hiddenCharacterIn(key);
        if (hidden) problems.push({ severity: "error", file, id, path: jsonPath(path), rule: "display-text", message: `a member name contains ${hidden}` });
        visit(member, [...path, key]);
      }
    }
  };
  visit(value, []);
  return problems;
}
