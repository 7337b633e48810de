/**
 * South Africa's nine provinces. An address stores the code (the ISO 3166-2:ZA subdivision code
 * without "ZA-"), so a name written differently never splits a province in two; a delivery zone
 * lists the names staff read.
 */
export const PROVINCES = [
  { code: "EC", name: "Eastern Cape" },
  { code: "FS", name: "Free State" },
  { code: "GP", name: "Gauteng" },
  { code: "KZN", name: "KwaZulu-Natal" },
  { code: "LP", name: "Limpopo" },
  { code: "MP", name: "Mpumalanga" },
  { code: "NC", name: "Northern Cape" },
  { code: "NW", name: "North West" },
  { code: "WC", name: "Western Cape" },
] as const;

export type ProvinceCode = (typeof PROVINCES)[number]["code"];
/** A province by its name ("North West"). */
export type Province = (typeof PROVINCES)[number]["name"];

export const PROVINCE_CODES = PROVINCES.map((p) => p.code) as [ProvinceCode, ...ProvinceCode[]];
export const PROVINCE_NAMES = PROVINCES.map((p) => p.name) as [Province, ...Province[]];

/** The shop's home province: the form offers it first, as most deliveries go there. */
export const HOME_PROVINCE: ProvinceCode = "NW";

export function isProvinceCode(value: unknown): value is ProvinceCode {
  return typeof value === "string" && (PROVINCE_CODES as string[]).includes(value);
}

/** "North West" for "NW"; "" for no province (an address saved before provinces were asked). */
export function provinceName(code: ProvinceCode | null | undefined): string {
  return PROVINCES.find((p) => p.code === code)?.name ?? "";
}

/**
 * The province a code or a name stands for, whatever its case, spacing or hyphens ("NW",
 * "north-west"), by its name; else null.
 */
export function provinceOf(text: string): Province | null {
  const key = placeKey(text);
  return PROVINCES.find((p) => placeKey(p.name) === key || placeKey(p.code) === key)?.name ?? null;
}

/**
 * A place name as matching compares it: accents, case, hyphens and repeated spaces set aside,
 * so "  LICHTENBURG ", "lichtenburg" and "Kwa-Zulu Natal" / "KwaZulu-Natal" compare equal.
 */
export function placeKey(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[-‐–—'’.]/g, " ")
    .replace(/\s+/g, "")
    .trim();
}
