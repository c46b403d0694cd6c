/** Legal forms as companies spell them; a registered name and a record's legal_name may differ only in these. */
const LEGAL_FORMS = new Set([
  "ab", "publ", "as", "asa", "aps", "a/s", "oy", "oyj", "ehf", "hf", "gmbh", "ag", "se", "kg", "co", "mbh", "ug", "haftungsbeschränkt",
  "sa", "sas", "sasu", "sarl", "s.a", "s.a.s", "s.a.r.l", "bv", "b.v", "nv", "n.v", "ltd", "limited", "plc", "llc", "l.l.c", "inc", "corp", "corporation",
  "srl", "s.r.l", "spa", "s.p.a", "sl", "s.l", "uab", "sia", "ou", "oü", "a.s", "s.r.o", "sro", "sp", "z", "o.o",
]);

/** The words of a company name without punctuation, case and legal form. */
export function nameWords(name: string): string[] {
  return name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/&/g, " and ")
    .split(/[\s,()]+/)
    .map((word) => word.replace(/^[.'"]+|[.'"]+$/g, ""))
    .filter((word) => word.length > 0 && !LEGAL_FORMS.has(word) && !LEGAL_FORMS.has(word.replace(/\./g, "")));
}

/** Whether two spellings name the same company, ignoring case, punctuation and the legal form. */
export const sameCompanyName = (a: string, b: string) => nameWords(a).join(" ").replace(/[.\-]/g, "") === nameWords(b).join(" ").replace(/[.\-]/g, "");
