/**
 * Finds the offset of the first syntax error in JSON text. Node 20's JSON.parse does not always say
 * where it failed ("Unexpected token 'N', ... is not valid JSON"), and a maintainer needs a line and
 * column. Only called after JSON.parse has failed, so it may assume the text is invalid.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const n = text.length;
  const fail = (): never => {
    throw i;
  };
  const ws = () => {
    while (i < n && " \t\n\r".includes(text[i]!)) i += 1;
  };
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail();
      i += 1;
    }
  };
  const string = () => {
    i += 1;
    while (i < n) {
      const ch = text[i]!;
      if (ch === '"') {
        i += 1;
        return;
      }
      if (ch.charCodeAt(0) < 0x20) fail();
      if (ch === "\\") {
        i += 1;
        const esc = text[i];
        if (esc === "u") {
          for (let k = 1; k <= 4; k += 1) if (!/[0-9a-fA-F]/.test(text[i + k] ?? "")) (i += k), fail();
          i += 5;
          continue;
        }
        if (!esc || !'"\\/bfnrt'.includes(esc)) fail();
      }
      i += 1;
    }
    fail();
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!match || match[0] === "-") fail();
    i += match![0].length;
  };
  const memberKey = () => {
    ws();
    if (text[i] !== '"') fail();
    string();
    ws();
    if (text[i] !== ":") fail();
    i += 1;
  };
  const scalar = () => {
    const ch = text[i];
    if (ch === '"') return string();
    if (ch === "t") return literal("true");
    if (ch === "f") return literal("false");
    if (ch === "n") return literal("null");
    if (ch === "-" || (ch !== undefined && ch >= "0" && ch <= "9")) return number();
    fail();
  };
  // Iterative over nesting, so a deeply nested file cannot overflow the stack here either.
  const stack: Array<"{" | "["> = [];
  try {
    for (;;) {
      // One value: a scalar, an empty container, or the opening of a container whose members follow.
      ws();
      const ch = text[i];
      if (ch === "{" || ch === "[") {
        i += 1;
        ws();
        if (text[i] === (ch === "{" ? "}" : "]")) {
          i += 1;
        } else {
          stack.push(ch);
          if (ch === "{") memberKey();
          continue;
        }
      } else {
        scalar();
      }
      // A value is complete: close the containers it ends, or move on to the next member.
      for (;;) {
        ws();
        const top = stack[stack.length - 1];
        if (top === undefined) {
          if (i < n) fail();
          return n;
        }
        if (text[i] === (top === "{" ? "}" : "]")) {
          stack.pop();
          i += 1;
          continue;
        }
        if (text[i] !== ",") fail();
        i += 1;
        if (top === "{") memberKey();
        break;
      }
    }
  } catch (offset) {
    return typeof offset === "number" ? Math.min(offset, n) : n;
  }
}
