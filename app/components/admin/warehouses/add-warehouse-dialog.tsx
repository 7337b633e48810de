import { Plus } from "lucide-react";
import { Field } from "~/components/admin/field";
import { FormDialog } from "~/components/admin/form-dialog";
import { SwitchField } from "~/components/admin/switch-field";
import { Button } from "~/components/admin/ui/button";
import {
  createWarehouseSchema,
  WAREHOUSE_CODE_MAX,
  WAREHOUSE_NAME_MAX,
} from "~/domain/inventory/warehouse-schemas";

/** "Add Warehouse": name, an optional code and whether the storefront sells its stock. */
export function AddWarehouseDialog() {
  return (
    <FormDialog
      trigger={
        <Button>
          <Plus aria-hidden /> Add Warehouse
        </Button>
      }
      title="Add Warehouse"
      description="A place where stock is kept. It starts empty: receive or transfer stock into it from Inventory."
      intent="create"
      schema={createWarehouseSchema}
      submitLabel="Add Warehouse"
    >
      {({ errors, clearError }) => (
        <>
          <Field
            name="name"
            label="Name"
            maxLength={WAREHOUSE_NAME_MAX}
            placeholder="Store room"
            required
            error={errors.name}
            onEdit={clearError}
          />
          <Field
            name="code"
            label="Code (optional)"
            hint="Lower-case letters, digits and hyphens. Left empty, it is made from the name."
            maxLength={WAREHOUSE_CODE_MAX}
            placeholder="store-room"
            error={errors.code}
            onEdit={clearError}
          />
          <SwitchField
            name="sellsOnline"
            label="Sells online"
            hint="Its stock counts as available on the storefront and checkout can sell it."
            defaultChecked
            error={errors.sellsOnline}
            onEdit={clearError}
          />
        </>
      )}
    </FormDialog>
  );
}
