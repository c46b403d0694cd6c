import type { Status } from "../../schema/index.js";
import { MEANING_RULES } from "../describe/openapi.js";
import { html, page, type Html } from "./html.js";
import { prose } from "./markup.js";
import { MESSAGES, type Lang } from "./messages.js";
import { questionsSection } from "./questionsSection.js";
import { evidenceSection } from "./evidenceSection.js";
import { citeForms } from "./archivePage.js";
import { sovereigntyMethod } from "./sovereigntyMethod.js";

/** The meaning rules in Swedish, in the order of MEANING_RULES (the English text is the API description's own). */
const MEANING_RULES_SV = [
  "En uppgift anges alltid med sin status, sitt verifieringsdatum (verified_at) och källans datum (source_date). verified_at är dagen någon tittade; source_date är hur gammalt det de tittade på var: ÅÅÅÅ-MM-DD, eller ÅÅÅÅ-MM när källan bara anger en månad (null: källan saknar datum).",
  "En uppgift med status claimed har lästs i sin källa men inte kontrollerats mot ett register eller ett bindande dokument. Vems uppgift den är följer av dess source_type: leverantörens egen uppgift bara när leverantören själv sagt det (i villkor, dokumentation, på webbplatsen, i bloggen, prislistan eller integritetspolicyn); annars en uppgift i press, en uppgift från tredje part, en uppgift ur ett register eller från en myndighet, eller härledd av bygget ur andra uppgifter.",
  "Ett fält som saknas, eller vars status är unknown, betyder ej undersökt. Det betyder aldrig nej.",
  "category anger vilket lager som köps. Det är aldrig geografi; jurisdiktion anges i ownership och sovereignty.",
  "En lista med partial: true är ett urval: något som saknas i den är inget belägg för att leverantören saknar det. partial: false betecknar leverantörens fullständiga lista.",
  "Priser anges i pricing.currency; pricing.vat_included säger om moms ingår. pricing.price_per_1m_input_tokens och _output_tokens är det lägsta listade priset per 1M token för en textmodell, namngiven i pricing.reference_model, så de kan jämföras mellan leverantörer i samma valuta.",
];

type Both = Record<Lang, Html>;

function sections(status: Status, baseUrl: string): Array<{ id: string; title: Record<Lang, string>; body: Both }> {
  const stale = status.stale_after_days ?? 180;
  return [
    {
      id: "status",
      title: { en: "Status discipline", sv: "Statusdisciplin" },
      body: {
        en: html`<div class="scroll" tabindex="0" role="region" aria-label="Status discipline"><table>
<caption>How a status is chosen when the dataset is filled</caption>
<thead><tr><th scope="col">Status</th><th scope="col">Shown as</th><th scope="col">When</th></tr></thead>
<tbody>
<tr><th scope="row">confirmed</th><td>confirmed</td><td>Product and technical specs seen on the provider's own pages or documentation. Sovereignty (including data-centre locations) only from documentation, terms, a certificate or a register; compliance only when a DPA, terms, certificate or register entry was opened. Never from press or third-party pages.</td></tr>
<tr><th scope="row">claimed</th><td>own statement, press report, third-party report, register or authority (by its source)</td><td>Sovereignty and compliance marketing; anything seen only in the press or on a third-party page, a blog post or a privacy policy where the table below does not let it confirm. Not checked against a register or a binding document.</td></tr>
<tr><th scope="row">planned</th><td>planned</td><td>A stated goal not yet reached, such as a certification in progress.</td></tr>
<tr><th scope="row">unknown</th><td>not researched</td><td>Not researched. Never "no".</td></tr>
<tr><th scope="row">not_applicable</th><td>not applicable</td><td>The field does not apply to this provider.</td></tr>
</tbody></table></div>
<p>A verification date is set only when someone opened the source on that day and saw the value. Facts checked against a stored copy of a page say so in their note. Two records that cite the same source for the same field carry the same status.</p>
${evidenceSection("en")}`,
        sv: html`<div class="scroll" tabindex="0" role="region" aria-label="Statusdisciplin"><table>
<caption>Hur en status väljs när datasetet fylls</caption>
<thead><tr><th scope="col">Status</th><th scope="col">Visas som</th><th scope="col">När</th></tr></thead>
<tbody>
<tr><th scope="row">confirmed</th><td>bekräftad</td><td>Produkt- och teknikuppgifter på leverantörens egna sidor eller i dess dokumentation. Suveränitet (även datacenterplatser) bara ur dokumentation, villkor, ett certifikat eller ett register; efterlevnad bara när ett personuppgiftsbiträdesavtal, villkor, certifikat eller en registerpost har öppnats. Aldrig ur press eller tredjepartssidor.</td></tr>
<tr><th scope="row">claimed</th><td>egen uppgift, uppgift i press, uppgift från tredje part, register eller myndighet (efter källan)</td><td>Marknadsföring om suveränitet och efterlevnad; allt som bara setts i press, på en tredjepartssida, i ett blogginlägg eller i en integritetspolicy där tabellen nedan inte låter den bekräfta. Inte kontrollerat mot ett register eller ett bindande dokument.</td></tr>
<tr><th scope="row">planned</th><td>planerad</td><td>Ett uttalat mål som ännu inte nåtts, till exempel en certifiering som pågår.</td></tr>
<tr><th scope="row">unknown</th><td>ej undersökt</td><td>Inte undersökt. Aldrig "nej".</td></tr>
<tr><th scope="row">not_applicable</th><td>ej tillämplig</td><td>Fältet gäller inte den här leverantören.</td></tr>
</tbody></table></div>
<p>Ett verifieringsdatum sätts bara när någon öppnade källan den dagen och såg värdet. Uppgifter som kontrollerats mot en sparad kopia av en sida säger det i sin anteckning. Två poster som citerar samma källa för samma fält har samma status.</p>
${evidenceSection("sv")}`,
      },
    },
    {
      id: "dates",
      title: { en: "Two dates on every Fact", sv: "Två datum på varje uppgift" },
      body: {
        en: html`<p><strong>verified_at</strong> is the day someone looked. <strong>source_date</strong> is how old the thing they looked at was: for a repository file the day of its last change at the pinned commit (computed from the history by <code>npm run source-dates</code>, never typed; where the history cannot be read, the date the file states about itself, marked <code>source_date_basis: stated_in_file</code>, or null), for a page its own "updated", "effective" or publication date: a day (YYYY-MM-DD), or a month (YYYY-MM, shown as "source dated October 2025") when the page states only a month, never padded to a day; a year alone dates nothing. null is shown as "undated source". A fresh verification of a 2021 article is still a 2021 article: cite both dates. A value whose only source has been superseded is recorded as not researched rather than as a stale claim. Facts verified more than ${stale} days before a build count as stale (${status.stale_facts ?? 0} now).</p>`,
        sv: html`<p><code>verified_at</code> är dagen någon tittade. <code>source_date</code> är hur gammalt det de tittade på var: för en fil i ett kodförråd dagen för dess senaste ändring vid den fästa versionen (räknad ur historiken med <code>npm run source-dates</code>, aldrig inskriven; där historiken inte kan läsas det datum filen själv anger, märkt <code>source_date_basis: stated_in_file</code>, eller null), för en sida dess eget datum för uppdatering, ikraftträdande eller publicering: en dag (ÅÅÅÅ-MM-DD), eller en månad (ÅÅÅÅ-MM) när sidan bara anger en månad, aldrig utfylld till en dag; ett årtal ensamt daterar ingenting. null visas som "odaterad källa". En färsk verifiering av en artikel från 2021 är fortfarande en artikel från 2021: ange båda datumen. Ett värde vars enda källa har ersatts registreras som ej undersökt hellre än som ett inaktuellt påstående. Uppgifter som verifierades mer än ${stale} dagar före en byggnad räknas som inaktuella (${status.stale_facts ?? 0} nu).</p>`,
      },
    },
    {
      id: "partial",
      title: { en: "Partial lists", sv: "Ofullständiga listor" },
      body: {
        en: html`<p>A list (models, data-centre locations, certifications, infrastructure, sectors, SDKs) marked <code>partial: true</code> is a sample of what the source shows or of what the provider offers. A model or country missing from it is not evidence that the provider lacks it. <code>partial: false</code> marks the provider's complete list as the source gives it.</p>`,
        sv: html`<p>En lista (modeller, datacenterplatser, certifieringar, infrastruktur, sektorer, SDK:er) märkt <code>partial: true</code> är ett urval av det källan visar eller det leverantören erbjuder. En modell eller ett land som saknas i den är inget belägg för att leverantören saknar det. <code>partial: false</code> betecknar leverantörens fullständiga lista så som källan anger den.</p>`,
      },
    },
    {
      id: "prices",
      title: { en: "Prices", sv: "Priser" },
      body: {
        en: html`<p>Every price is in the record's <code>pricing.currency</code>, as the provider publishes it; <code>pricing.vat_included</code> says whether VAT is in it. The provider-level <code>price_per_1m_input_tokens</code> and <code>price_per_1m_output_tokens</code> are the lowest listed per-1M-token price of a text-generation model, and <code>pricing.reference_model</code> names that model. Prices are never converted between currencies, and a price list is only sorted within one currency (<a href="prices.html">prices per model</a>): compare the same model, or models of the same size, in the same currency and VAT treatment. A price read from a public price registry (genai-prices, litellm, models.dev) is a third-party statement (claimed), dated by the registry file's last change; <code>npm run corroborate</code> marks a manual price that a registry lists alike.</p>`,
        sv: html`<p>Varje pris anges i postens <code>pricing.currency</code>, så som leverantören publicerar det; <code>pricing.vat_included</code> säger om moms ingår. <code>price_per_1m_input_tokens</code> och <code>price_per_1m_output_tokens</code> på leverantörsnivå är det lägsta listade priset per 1M token för en textmodell, och <code>pricing.reference_model</code> namnger modellen. Priser räknas aldrig om mellan valutor, och en prislista sorteras bara inom en valuta (<a href="prices.html">priser per modell</a>): jämför samma modell, eller modeller av samma storlek, i samma valuta och med samma momsbehandling. Ett pris hämtat ur ett offentligt prisregister (genai-prices, litellm, models.dev) är en tredjepartsuppgift (claimed), daterad efter registerfilens senaste ändring; <code>npm run corroborate</code> markerar ett manuellt pris som ett register anger likadant.</p>`,
      },
    },
    {
      id: "provider",
      title: { en: "Who the provider is", sv: "Vem leverantören är" },
      body: {
        en: html`<p><code>ownership.country_hq</code> is the seat of the entity a customer contracts with (<code>ownership.contracting_entity</code>), as its imprint, terms, privacy policy or the company register gives it: for an EU customer of Microsoft's cloud that is Microsoft Ireland Operations Ltd, so IE. The company that ultimately controls it is <code>ownership.ultimate_parent</code>, its country <code>ownership_jurisdiction</code> (US for Microsoft), and <code>foreign_parent</code> is true when the provider is controlled from outside the EU/EEA. Records of one company give one answer: the validator refuses two records of one company with different <code>country_hq</code> or <code>foreign_parent</code>, or with <code>ownership_jurisdiction</code> answered in one and unknown in another, and a <code>foreign_parent</code> that contradicts <code>ownership_jurisdiction</code>.</p>`,
        sv: html`<p><code>ownership.country_hq</code> är sätet för den enhet kunden tecknar avtal med (<code>ownership.contracting_entity</code>), så som dess impressum, villkor, integritetspolicy eller bolagsregistret anger det: för en EU-kund i Microsofts moln är det Microsoft Ireland Operations Ltd, alltså IE. Bolaget som ytterst kontrollerar den är <code>ownership.ultimate_parent</code>, dess land <code>ownership_jurisdiction</code> (US för Microsoft), och <code>foreign_parent</code> är true när leverantören kontrolleras från ett land utanför EU/EES. Poster för samma bolag ger samma svar: valideringen avvisar två poster för ett bolag med olika <code>country_hq</code> eller <code>foreign_parent</code>, eller med <code>ownership_jurisdiction</code> besvarad i den ena men inte den andra, och en <code>foreign_parent</code> som motsäger <code>ownership_jurisdiction</code>.</p>`,
      },
    },
    {
      id: "merge",
      title: { en: "Merge rule", sv: "Sammanslagningsregel" },
      body: {
        en: html`<p>The dataset combines a manually verified seed with automatic scraper corroboration and top-up. When the scraper sees the same value, the Fact gets a corroboration date. When the seed has no value, the scraper's value is added with <code>verified_by: scraper</code>. On conflict the manually verified value wins and the deviation is put in the <a href="api/review-queue.json">review queue</a> for a person to settle. The source watch (<code>npm run sources</code>) queues a Fact when its cited page changed after it was verified, is gone or moved to another site; the company registers and the price registries queue what disagrees. Nothing a machine finds overwrites a person's Fact. Derived answers (who can reach the data) are computed by the build from the Facts they rest on, never typed.</p>`,
        sv: html`<p>Datasetet förenar en manuellt verifierad grund med automatisk bekräftelse och komplettering från en skrapa. När skrapan ser samma värde får uppgiften ett bekräftelsedatum. När grunden saknar värde läggs skrapans värde till med <code>verified_by: scraper</code>. Vid konflikt vinner det manuellt verifierade värdet och avvikelsen läggs i <a href="../api/review-queue.json">granskningskön</a> för en människa att avgöra. Källbevakningen (<code>npm run sources</code>) köar en uppgift när den citerade sidan ändrats efter verifieringen, försvunnit eller flyttat till en annan webbplats; bolagsregistren och prisregistren köar det som avviker. Inget en maskin hittar skriver över en människas uppgift. Härledda svar (vem som kan nå data) räknas fram av byggsteget ur de uppgifter de vilar på och skrivs aldrig in för hand.</p>`,
      },
    },
    {
      id: "corrections",
      title: { en: "Reporting a correction", sv: "Att rapportera ett fel" },
      body: {
        en: html`<p>Every Fact on a provider page, in a procurement pack and in a comparison has a "report a correction" link (where the site knows its source repository). It opens the repository's issue form for corrections, filled in with the provider, the field and the value as the page shows it, with its status, dates and source; the reader adds the proposed value, the address of a source and the source's own words. A correction is entered only when a source says so, under the same status rules as every other Fact.</p>
<p>How the pages say an answer: a number is written as the page's language writes it; a price says what it costs in and out per 1M tokens, in its currency, with VAT included, excluded or not stated, and the days a source says it is valid; a planned value is never written as the value ("certification in progress", not "certified"); "one country" says whether that country is inside the EU/EEA; who can reach the data names the role of the US party and the link that decided it; a claimed Fact says whose statement it is. Certifications are filtered by scheme ("ISO/IEC 27001" finds every edition and spelling), the researcher's own text stays what the page shows.</p>`,
        sv: html`<p>Varje uppgift på en leverantörssida, i ett upphandlingsunderlag och i en jämförelse har en länk "rapportera ett fel" (där webbplatsen känner till sitt kodförråd). Den öppnar kodförrådets formulär för rättelser, ifyllt med leverantören, fältet och värdet så som sidan visar det, med status, datum och källa; läsaren lägger till det föreslagna värdet, adressen till en källa och källans egna ord. En rättelse förs in bara när en källa säger så, enligt samma statusregler som alla andra uppgifter.</p>
<p>Hur sidorna uttrycker ett svar: ett tal skrivs som sidans språk skriver det; ett pris anger vad indata och utdata kostar per miljon token, i sin valuta, med moms inräknad, exkluderad eller inte angiven, och de dagar en källa säger att det gäller; ett planerat värde skrivs aldrig som värdet ("pågående certifiering", inte "certifierad"); "ett land" anger om landet ligger i EU/EES; vem som kan nå datan anger den amerikanska partens roll och den länk som avgjorde det; en claimed-uppgift anger vems uppgift den är. Certifieringar filtreras per ordning ("ISO/IEC 27001" hittar varje utgåva och stavning), medan forskarens egen text är den som visas.</p>`,
      },
    },
    {
      id: "freshness",
      title: { en: "Freshness and how to cite", sv: "Aktualitet och hur man citerar" },
      body: {
        en: html`<p>Before citing, read <a href="api/status.json">the status</a> (API path <code>/api/status</code>): dataset version <strong>${status.dataset_version}</strong>, ${status.providers_total} providers, newest verification ${status.last_verified ?? "none"}, oldest ${status.oldest_verified ?? "none"}, ${status.review_queue ?? 0} entries in the review queue, generated ${status.generated_at ?? "unknown"}. The data is licensed <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>. Cite it as: "European AI infrastructure evidence dataset, version ${status.dataset_version}, CC BY 4.0", and quote each value with its status, verification date and source date, for example: "DPA offered: yes (own statement, verified 2026-11-22, source dated 2026-06-01)".</p>
<p>The version is derived from the data itself: the day of the newest date in it, then the first twelve hex digits of the SHA-256 of the published dataset. The same data always has the same version, and any change of a published value, status, date or source gives a new one, so a citation of a version names exactly the data its reader saw. Each version's dataset stays at <a href="archive/${status.dataset_version}.json">/archive/${status.dataset_version}.json</a>, byte for byte as it was published; <a href="archive/index.json">/archive/index.json</a> lists every version with the date and commit of its data. The CSV files are described column by column in <a href="datapackage.json">datapackage.json</a> (Frictionless Data Package), and the dataset for open-data portals in <a href="api/dcat-ap.jsonld">DCAT-AP</a>.</p>
${citeForms(status.dataset_version, baseUrl, "en")}
<p>The interface is described in <a href="api/openapi.json">OpenAPI 3.1</a> (<code>GET ${baseUrl}/api/data</code>, <code>/api/data/{id}</code>, <code>/api/status</code>); seed files follow <a href="api/provider.schema.json">this JSON Schema</a>.</p>`,
        sv: html`<p>Läs <a href="../api/status.json">statusen</a> (API-sökväg <code>/api/status</code>) innan du citerar: datasetversion <strong>${status.dataset_version}</strong>, ${status.providers_total} leverantörer, senaste verifiering ${status.last_verified ?? "ingen"}, äldsta ${status.oldest_verified ?? "ingen"}, ${status.review_queue ?? 0} poster i granskningskön, skapad ${status.generated_at ?? "okänt"}. Datan är licensierad <a href="https://creativecommons.org/licenses/by/4.0/deed.sv">CC BY 4.0</a>. Citera den som: "Evidensdataset om europeisk AI-infrastruktur, version ${status.dataset_version}, CC BY 4.0", och ange varje värde med status, verifieringsdatum och källans datum, till exempel: "Personuppgiftsbiträdesavtal: ja (egen uppgift, verifierad 2026-11-22, källan daterad 2026-06-01)".</p>
<p>Versionen härleds ur datan själv: dagen för det senaste datumet i den, följt av de tolv första hexadecimala siffrorna i SHA-256 för det publicerade datasetet. Samma data ger alltid samma version, och varje ändring av ett publicerat värde, en status, ett datum eller en källa ger en ny, så en citerad version anger exakt den data läsaren såg. Varje versions dataset finns kvar på <a href="../archive/${status.dataset_version}.json">/archive/${status.dataset_version}.json</a>, byte för byte som det publicerades; <a href="../archive/index.json">/archive/index.json</a> listar alla versioner med datum och commit för deras data. CSV-filerna beskrivs kolumn för kolumn i <a href="../datapackage.json">datapackage.json</a> (Frictionless Data Package), och datasetet för öppna dataportaler i <a href="../api/dcat-ap.jsonld">DCAT-AP</a>.</p>
${citeForms(status.dataset_version, baseUrl, "sv")}
<p>Gränssnittet beskrivs i <a href="../api/openapi.json">OpenAPI 3.1</a> (<code>GET ${baseUrl}/api/data</code>, <code>/api/data/{id}</code>, <code>/api/status</code>); grundfilerna följer <a href="../api/provider.schema.json">detta JSON-schema</a>. Fältnamn och värden i datan översätts inte.</p>`,
      },
    },
  ];
}

export function methodologyPage(status: Status, baseUrl: string, lang: Lang = "en"): string {
  const t = MESSAGES[lang];
  const rules = lang === "en" ? MEANING_RULES.map((rule) => rule.replace(/^\d+\.\s*/, "").replace(/`/g, "")) : MEANING_RULES_SV;
  const body = html`<h1>${t.nav.methodology}</h1>
<p>${
    lang === "en"
      ? "This dataset records, for every statement about a European AI-infrastructure provider, how we know it: a status, the source where the value can be seen, the kind of source, and the date someone last opened that source and saw the value."
      : "Det här datasetet anger, för varje påstående om en europeisk leverantör av AI-infrastruktur, hur vi vet det: en status, källan där värdet syns, vilken sorts källa det är, och dagen någon senast öppnade källan och såg värdet."
  }</p>
<h2 id="meaning">${lang === "en" ? "Meaning rules" : "Regler för hur datan ska läsas"}</h2>
<ol>${rules.map((rule) => html`<li>${prose(rule, lang)}</li>`)}</ol>
${questionsSection(lang)}
${sovereigntyMethod(lang)}
${sections(status, baseUrl).map((section) => html`<h2 id="${section.id}">${section.title[lang]}</h2>\n${section.body[lang]}`)}`;
  return page({ lang, title: `${t.nav.methodology} — ${t.siteName}`, path: "methodology.html", body });
}
