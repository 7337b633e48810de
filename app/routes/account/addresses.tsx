import { Form, useNavigation } from "react-router";
import { AccountShell } from "~/components/store/account/account-shell";
import { AddressFields } from "~/components/store/account/address-fields";
import { FormResult } from "~/components/store/form-result";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { addressLines, deliveryContactLines } from "~/domain/addresses/format-address";
import {
  addAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from "~/domain/shoppers/addresses.server";
import { addressSchema } from "~/domain/shoppers/schemas";
import { attempt, invalid, refused, succeeded } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { readForm } from "~/lib/request-input.server";
import { requireShopper } from "~/lib/shopper-gate.server";
import { pageTitle } from "~/lib/seo";
import { dbIdSchema } from "~/lib/db-ids";
import type { Route } from "./+types/addresses";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "My addresses") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireShopper(request);
  return { email: user.email, addresses: await listAddresses(user.id) };
}

const idSchema = dbIdSchema("That address was not found.");

/** intent add, update, default or delete; every change is limited to the shopper's own rows. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireShopper(request);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === "add" || intent === "update") {
    const parsed = parseForm(addressSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData, parsed.alert);
    return attempt(formData, async () => {
      if (intent === "add") {
        await addAddress(user.id, parsed.data);
        return succeeded("Address saved", `"${parsed.data.label}" is saved.`);
      }
      await updateAddress(user.id, readId(formData), parsed.data);
      return succeeded("Address updated", `"${parsed.data.label}" is updated.`);
    });
  }
  if (intent === "default" || intent === "delete") {
    return attempt(formData, async () => {
      const id = readId(formData);
      if (intent === "default") {
        await setDefaultAddress(user.id, id);
        return succeeded("Default address set", "Checkout fills it in first.");
      }
      await deleteAddress(user.id, id);
      return succeeded("Address deleted", "The address is no longer saved.");
    });
  }
  return refused(400, { title: "Error", description: "Unknown request." }, formData);
}

function readId(formData: FormData): number {
  const parsed = idSchema.safeParse(Number(formData.get("id")));
  // An id that is not a number looks like one that is not the shopper's: not found.
  return parsed.success ? parsed.data : 0;
}

export default function AccountAddresses({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : null;
  const failedFor = (intent: string, id?: number) =>
    failed &&
    failed.values.intent === intent &&
    (id === undefined || failed.values.id === String(id))
      ? failed
      : null;
  const addFailure = failedFor("add");
  return (
    <AccountShell title="My addresses" email={loaderData.email}>
      <FormResult result={actionData} />
      {loaderData.addresses.length === 0 ? (
        <p className="text-muted-foreground">No saved addresses yet. Add one below.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {loaderData.addresses.map((a) => {
            const editFailure = failedFor("update", a.id);
            return (
              <li key={a.id}>
                <Card className="p-5 text-sm">
                  <h2 className="text-base font-semibold">
                    {a.label}
                    {a.isDefault ? (
                      <span className="ml-2 rounded bg-muted px-2 py-0.5 text-xs font-medium">
                        Default
                      </span>
                    ) : null}
                  </h2>
                  <p className="mt-2">
                    {[
                      `${a.firstName} ${a.lastName}`,
                      ...addressLines({ ...a, postalCode: a.postal }),
                      a.phone,
                      ...deliveryContactLines(a),
                    ].map((line, i) => (
                      <span key={i} className="block">
                        {line}
                      </span>
                    ))}
                  </p>
                  {a.province === null ? (
                    <p className="mt-2 text-muted-foreground">
                      Saved before we asked for the province: edit it to add one.
                    </p>
                  ) : null}
                  <div className="mt-3 flex flex-wrap gap-2">
                    {!a.isDefault ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="default" />
                        <input type="hidden" name="id" value={a.id} />
                        <Button type="submit" size="sm" variant="outline" disabled={busy}>
                          Make default<span className="sr-only"> ({a.label})</span>
                        </Button>
                      </Form>
                    ) : null}
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={a.id} />
                      <Button type="submit" size="sm" variant="outline" disabled={busy}>
                        Delete<span className="sr-only"> {a.label}</span>
                      </Button>
                    </Form>
                  </div>
                  <details className="mt-3" open={editFailure ? true : undefined}>
                    <summary className="cursor-pointer font-medium text-primary">
                      Edit<span className="sr-only"> {a.label}</span>
                    </summary>
                    <Form method="post" noValidate className="mt-3 space-y-3">
                      <input type="hidden" name="intent" value="update" />
                      <input type="hidden" name="id" value={a.id} />
                      <AddressFields
                        prefix={`address-${a.id}`}
                        errors={editFailure?.fieldErrors ?? {}}
                        values={editFailure?.values ?? { ...a, isDefault: a.isDefault ? "on" : "" }}
                      />
                      <Button type="submit" size="sm" disabled={busy}>
                        Save changes
                      </Button>
                    </Form>
                  </details>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <Card className="mt-8 p-5">
        <h2 className="text-lg font-semibold">Add an address</h2>
        <Form method="post" noValidate className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="add" />
          <AddressFields
            prefix="new-address"
            errors={addFailure?.fieldErrors ?? {}}
            values={addFailure?.values ?? {}}
          />
          <Button type="submit" disabled={busy}>
            Save address
          </Button>
        </Form>
      </Card>
    </AccountShell>
  );
}
