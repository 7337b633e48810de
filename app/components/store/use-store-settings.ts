import { useRouteLoaderData } from "react-router";
import type { PublicStoreSettings } from "~/domain/settings/store-settings.server";

/** The shop's details, loaded once by the storefront layout. */
export function useStoreSettings(): PublicStoreSettings {
  const data = useRouteLoaderData<{ settings: PublicStoreSettings }>("routes/store/layout");
  if (!data) throw new Error("useStoreSettings is used outside the storefront layout.");
  return data.settings;
}

export function fullAddress(s: PublicStoreSettings) {
  return `${s.streetAddress}, ${s.town}, ${s.postalCode}, ${s.province}`;
}

export function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
