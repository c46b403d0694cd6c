/**
 * National company numbers and their check digits. A number is read by the country of the record (Norway's
 * and France's are both nine digits) or, for a Legal Entity Identifier, by its own form.
 */
export type Identifier =
  | { kind: "se-orgnr" | "no-orgnr" | "fi-ytunnus" | "fr-siren" | "dk-cvr" | "lei"; id: string }
  | { kind: "invalid"; rule: string; message: string };

const digitsOf = (text: string) => text.replace(/[\s.-]/g, "");

/** Luhn (mod 10) over a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Norway: nine digits, weights 3 2 7 6 5 4 3 2, check = 11 − sum mod 11 (11 → 0, 10 → invalid). */
export function norwegianValid(digits: string): boolean {
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  const check = 11 - (sum % 11);
  return check !== 10 && (check === 11 ? 0 : check) === Number(digits[8]);
}

/** Finland (Y-tunnus): seven digits and a check digit, weights 7 9 10 5 8 4 2; remainder 1 is never issued. */
export function finnishValid(digits: string): boolean {
  const weights = [7, 9, 10, 5, 8, 4, 2];
  const remainder = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0) % 11;
  if (remainder === 1) return false;
  return (remainder === 0 ? 0 : 11 - remainder) === Number(digits[7]);
}

/** Denmark (CVR): eight digits, weights 2 7 6 5 4 3 2 1, sum divisible by 11. */
export function danishValid(digits: string): boolean {
  const weights = [2, 7, 6, 5, 4, 3, 2, 1];
  return weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0) % 11 === 0;
}

/** ISO 17442: letters as 10–35, the whole number mod 97 equals 1. */
export function leiValid(lei: string): boolean {
  let remainder = 0;
  for (const char of lei) {
    const value = /[0-9]/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

const LEI = /^[A-Z0-9]{18}[0-9]{2}$/;

/**
 * The identifier an org_number holds for a record headquartered in `country`. Null when the value is not a
 * number of a form this project checks (a German register entry "HRB 12345", a British company number):
 * those are read as text. A number of the country's form whose check digit fails is invalid.
 */
export function identifierOf(value: string, country: string | null): Identifier | null {
  const trimmed = value.trim().toUpperCase();
  if (LEI.test(trimmed)) return leiValid(trimmed) ? { kind: "lei", id: trimmed } : { kind: "invalid", rule: "lei-checksum", message: `${trimmed} fails the ISO 17442 check (mod 97)` };
  const digits = digitsOf(trimmed.replace(/^(SE|NO|FI|FR|DK)\s*/, "").replace(/\s*MVA$/, ""));
  if (!/^\d+$/.test(digits)) return null;
  switch (country) {
    case "SE":
      if (digits.length === 12 && digits.startsWith("16")) return identifierOf(digits.slice(2), country);
      if (digits.length !== 10) return null;
      return luhnValid(digits) ? { kind: "se-orgnr", id: `${digits.slice(0, 6)}-${digits.slice(6)}` } : { kind: "invalid", rule: "se-orgnr-checksum", message: `${value} fails the Luhn check of a Swedish organisation number` };
    case "NO":
      if (digits.length !== 9) return null;
      return norwegianValid(digits) ? { kind: "no-orgnr", id: digits } : { kind: "invalid", rule: "no-orgnr-checksum", message: `${value} fails the mod 11 check of a Norwegian organisation number` };
    case "FI":
      if (digits.length !== 8) return null;
      return finnishValid(digits) ? { kind: "fi-ytunnus", id: `${digits.slice(0, 7)}-${digits.slice(7)}` } : { kind: "invalid", rule: "fi-ytunnus-checksum", message: `${value} fails the check digit of a Finnish business ID (Y-tunnus)` };
    case "FR": {
      // A SIRET (14 digits) starts with the SIREN.
      const siren = digits.length === 14 ? digits.slice(0, 9) : digits;
      if (siren.length !== 9) return null;
      return luhnValid(siren) ? { kind: "fr-siren", id: siren } : { kind: "invalid", rule: "fr-siren-checksum", message: `${value} fails the Luhn check of a French SIREN` };
    }
    case "DK":
      if (digits.length !== 8) return null;
      return danishValid(digits) ? { kind: "dk-cvr", id: digits } : { kind: "invalid", rule: "dk-cvr-checksum", message: `${value} fails the mod 11 check of a Danish CVR number` };
    default:
      return null;
  }
}
