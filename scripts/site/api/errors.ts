import type { ErrorBody } from "../../schema/index.js";
import { FILES } from "../../routes.js";
import { addText, jsonText, type Artefacts } from "../artefacts.js";

/** Error bodies of the API; `message` is Swedish as the spec asks, `hint` says how to correct the call. */
export function errorBody(code: "not_found" | "method_not_allowed" | "bad_request" | "internal_error", baseUrl: string): ErrorBody {
  const docs = `${baseUrl}/methodology.html`;
  switch (code) {
    case "not_found":
      return {
        error: "not_found",
        message: "Det finns ingen leverantör eller resurs med den sökvägen i datasetet.",
        hint: "Giltiga id finns i fältet providers[].id i GET /api/data; anropa sedan GET /api/data/{id}.",
        docs,
      };
    case "method_not_allowed":
      return {
        error: "method_not_allowed",
        message: "API:t är skrivskyddat och svarar bara på GET, HEAD och OPTIONS.",
        hint: "Använd GET.",
        docs,
      };
    case "bad_request":
      return {
        error: "bad_request",
        message: "Sökvägen i anropet är ogiltig.",
        hint: "Använd någon av /api/data, /api/data/{id} eller /api/status.",
        docs,
      };
    case "internal_error":
      return {
        error: "internal_error",
        message: "Ett oväntat fel uppstod i servern.",
        hint: "Försök igen om en stund.",
        docs,
      };
  }
}

/**
 * 404.json and an identical 404.html: some hosts (serve, Cloudflare Pages, GitHub Pages) only ever answer
 * 404.html, and the API's Error body comes first there. The not-found pages for people are the pages' own
 * (site/browse), written beside these.
 */
export function emitErrors(artefacts: Artefacts, baseUrl: string): void {
  const body = jsonText(errorBody("not_found", baseUrl));
  addText(artefacts, FILES.notFoundJson, body);
  addText(artefacts, FILES.notFoundHtml, body);
}
