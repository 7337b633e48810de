import { useEffect, useId, useState, type RefObject } from "react";
import { Button } from "~/components/ui/button";
import { Label, NativeSelect } from "~/components/ui/input";
import { formatSaMobile } from "~/domain/addresses/address-checks";
import { addressOneLine } from "~/domain/addresses/format-address";
import type { ProvinceCode } from "~/lib/provinces";

export type CheckoutPrefill = {
  email: string;
  addresses: {
    id: number;
    label: string;
    firstName: string;
    lastName: string;
    phone: string;
    address: string;
    complex: string;
    suburb: string;
    city: string;
    province: ProvinceCode | null;
    postal: string;
    deliveryMobile: string;
    accessNotes: string;
    isDefault: boolean;
  }[];
};

const FIELDS = [
  "firstName",
  "lastName",
  "phone",
  "address",
  "complex",
  "suburb",
  "city",
  "postal",
  "accessNotes",
] as const;

/**
 * For a signed-in shopper: fills the checkout's fields from a saved address (the default one,
 * and the account's e-mail, when the form is still empty). A guest never sees it.
 */
export function SavedAddressPicker({
  prefill,
  formRef,
  onFilled,
}: {
  prefill: CheckoutPrefill;
  formRef: RefObject<HTMLFormElement | null>;
  /** Told after the fields are filled, so the summary can price delivery to the address. */
  onFilled?: () => void;
}) {
  const id = useId();
  const { addresses } = prefill;
  const [chosen, setChosen] = useState(String(addresses[0]?.id ?? ""));

  const fill = (addressId: string, onlyEmpty: boolean) => {
    const form = formRef.current;
    const address = addresses.find((a) => String(a.id) === addressId);
    if (!form) return;
    const set = (name: string, value: string) => {
      const input = form.elements.namedItem(name);
      if (
        (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) &&
        (!onlyEmpty || input.value === "")
      ) {
        input.value = value;
      }
    };
    set("email", prefill.email);
    if (!address) return;
    const street = form.elements.namedItem("address");
    const fillsStreet = !onlyEmpty || (street instanceof HTMLInputElement && street.value === "");
    for (const name of FIELDS) set(name, address[name]);
    set("deliveryMobile", formatSaMobile(address.deliveryMobile));
    // The province goes with the street it belongs to; an address saved before provinces were
    // asked leaves it unchosen, for the shopper to say rather than the form to guess.
    const province = form.elements.namedItem("province");
    if (fillsStreet && province instanceof HTMLSelectElement)
      province.value = address.province ?? "";
    // The summary re-prices for the address's zone.
    onFilled?.();
  };

  // Once, on arrival: the default address and the account's e-mail into empty fields.
  useEffect(() => {
    fill(String(addresses.find((a) => a.isDefault)?.id ?? ""), true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (addresses.length === 0) return null;
  return (
    <div className="mb-4 flex flex-wrap items-end gap-2 rounded-lg border bg-muted/50 p-3">
      <div className="min-w-48 flex-1 space-y-1.5">
        <Label htmlFor={id}>Fill in a saved address</Label>
        <NativeSelect id={id} value={chosen} onChange={(e) => setChosen(e.target.value)}>
          {addresses.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}: {addressOneLine({ ...a, postalCode: a.postal })}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="button" variant="outline" onClick={() => fill(chosen, false)}>
        Use this address
      </Button>
    </div>
  );
}
