import { describe, expect, it } from "vitest";
import { Provider } from "../scripts/schema/index.js";
import { priceRowsOf } from "../scripts/site/api/prices.js";
import { answerOf, matchAnswer } from "../scripts/schema/answers.js";
import { questionByKey } from "../scripts/schema/buyerQuestions.js";
import { confirmedFact, minimalRecord } from "./helpers.js";

describe("a price row's currency is proven by its source", () => {
  const priceList = "https://acme.example/pricing";
  const record = (models: Record<string, unknown>) =>
    Provider.parse(
      minimalRecord("acme-ai", {
        pricing: { currency: confirmedFact("EUR", { source_type: "pricing_page", source_url: priceList }) },
        models,
      }),
    );
  const rows = [{ name: "acme-large", input_price: 0.4, output_price: 1.2, valid_until: "2026-09-30" }];

  it("keeps the currency of a price read on the provider's own pages", () => {
    const [row] = priceRowsOf(record(confirmedFact(rows, { source_type: "pricing_page", source_url: priceList, partial: true })));
    expect(row).toMatchObject({ currency: "EUR", input_per_1m: 0.4, output_per_1m: 1.2, valid_until: "2026-09-30", valid_from: null });
  });

  it("gives no currency to a price a registry relays, so it stays out of every sorted table; its numbers stay", () => {
    const relayed = confirmedFact(rows, { status: "claimed", source_type: "third_party", source_url: "https://github.com/pydantic/genai-prices/blob/main/prices/providers/acme.yml", partial: true });
    const [row] = priceRowsOf(record(relayed));
    expect(row).toMatchObject({ currency: null, input_per_1m: 0.4, status: "claimed" });
  });

  it("keeps the currency when the relaying page is the one that states it", () => {
    const samePage = confirmedFact(rows, { status: "claimed", source_type: "third_party", source_url: priceList, partial: true });
    expect(priceRowsOf(record(samePage))[0]!.currency).toBe("EUR");
  });

  it("a card and a filter read a relayed price without a currency: never sorted or filtered with proven prices", () => {
    const price = questionByKey("price")!;
    const withLowest = (extra: Record<string, unknown>) =>
      Provider.parse(
        minimalRecord("acme-ai", {
          pricing: {
            currency: confirmedFact("EUR", { source_type: "pricing_page", source_url: priceList }),
            price_per_1m_input_tokens: confirmedFact(0.4, extra),
            reference_model: confirmedFact("acme-large", extra),
          },
        }),
      );
    const relayed = withLowest({ status: "claimed", source_type: "third_party", source_url: "https://registry.example/acme" });
    const own = withLowest({ source_type: "pricing_page", source_url: priceList });
    expect(answerOf(relayed, price).context.currency).toBeNull();
    expect(answerOf(own, price).context.currency).toBe("EUR");
    expect(matchAnswer(relayed, answerOf(relayed, price), { currency: "EUR" }).kind).toBe("undecided");
    expect(matchAnswer(own, answerOf(own, price), { currency: "EUR" }).kind).toBe("yes");
  });
});
