import { Pencil } from "lucide-react";
import { Field } from "~/components/admin/field";
import { FormDialog } from "~/components/admin/form-dialog";
import { Button } from "~/components/admin/ui/button";
import { renameWarehouseSchema, WAREHOUSE_NAME_MAX } from "~/domain/inventory/warehouse-schemas";

/** Renames a warehouse; its code stays, so links and references keep working. */
export function RenameWarehouseDialog({ warehouse }: { warehouse: { id: number; name: string } }) {
  return (
    <FormDialog
      trigger={
        <Button variant="outline" size="sm">
          <Pencil aria-hidden /> Rename<span className="sr-only"> {warehouse.name}</span>
        </Button>
      }
      title={`Rename ${warehouse.name}`}
      intent="rename"
      schema={renameWarehouseSchema}
      submitLabel="Save"
      resetOnSuccess={false}
    >
      {({ errors, clearError }) => (
        <>
          <input type="hidden" name="warehouseId" value={warehouse.id} />
          <Field
            name="name"
            label="Name"
            id={`rename-${warehouse.id}`}
            maxLength={WAREHOUSE_NAME_MAX}
            defaultValue={warehouse.name}
            required
            error={errors.name}
            onEdit={clearError}
          />
        </>
      )}
    </FormDialog>
  );
}
