import { useEffect, useId, useState, type RefObject } from "react";
import { Button } from "~/components/ui/button";
import { Label, NativeSelect } from "~/components/ui/input";

export type CheckoutPrefill = {
  email: string;
  addresses: {
    id: number;
    label: string;
    firstName: string;
    lastName: string;
    phone: string;
    address: string;
    city: string;
    postal: string;
    isDefault: boolean;
  }[];
};

const FIELDS = ["firstName", "lastName", "phone", "address", "city", "postal"] as const;

/**
 * For a signed-in shopper: fills the checkout's fields from a saved address (the default one,
 * and the account's e-mail, when the form is still empty). A guest never sees it.
 */
export function SavedAddressPicker({
  prefill,
  formRef,
}: {
  prefill: CheckoutPrefill;
  formRef: RefObject<HTMLFormElement | null>;
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
      if (input instanceof HTMLInputElement && (!onlyEmpty || input.value === "")) {
        input.value = value;
      }
    };
    set("email", prefill.email);
    if (address) for (const name of FIELDS) set(name, address[name]);
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
              {a.label}: {a.address}, {a.city}
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
