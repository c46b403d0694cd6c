import { describe, expect, it } from "vitest";
import { jsonErrorOffset } from "../scripts/load/jsonErrorOffset.js";

describe("jsonErrorOffset finds where JSON text first goes wrong", () => {
  const cases: Array<[string, string, number]> = [
    ["NaN as a member value", '{\n  "id": "a",\n  "n": NaN\n}', 22],
    ["a trailing comma in an object", '{"a": 1,}', 8],
    ["two commas in an array", "[1,,2]", 3],
    ["an unquoted key", '{"a": 1, b: 2}', 9],
    ["a single-quoted string", "{'a': 1}", 1],
    ["a missing colon", '{"a" 1}', 5],
    ["an unclosed object", '{"a": [1, 2]', 12],
    ["text after the document", '{"a": 1} x', 9],
    ["a nested error", '{"a": {"b": [true, tru]}}', 22],
    ["a bad escape", '{"a": "\\x"}', 8],
    ["a control character in a string", '{"a": "x\ny"}', 8],
  ];
  for (const [name, text, offset] of cases) {
    it(name, () => {
      expect(() => JSON.parse(text)).toThrow();
      expect(jsonErrorOffset(text)).toBe(offset);
    });
  }

  it("accepts deep nesting without overflowing the stack", () => {
    expect(jsonErrorOffset(`${"[".repeat(100_000)}x`)).toBe(100_000);
  });
});
