/** Small helpers the pages' scripts share. */

/** A list kept in one URL parameter or attribute ("a,b" or "a|b"); empty for none. */
export const listOf = (text: string | null | undefined, separator = ","): string[] => (text ? text.split(separator).filter(Boolean) : []);

/** The JSON a page hands its script in a data block (`<script type="application/json" id=…>`). */
export function readData<T>(id: string): T {
  return JSON.parse(document.getElementById(id)?.textContent ?? "null") as T;
}

/** Today as YYYY-MM-DD in the reader's own time zone: the day a page was printed or a list cited. */
export function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
