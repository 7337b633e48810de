import { Pencil, Plus } from "lucide-react";
import { FormDialog } from "~/components/admin/form-dialog";
import { Button } from "~/components/admin/ui/button";
import type { SupplierRow } from "~/domain/purchasing/supplier-list";
import { supplierSchema } from "~/domain/purchasing/supplier-schemas";
import { SupplierFormFields } from "./supplier-form-fields";

const ACTION = "/admin/suppliers";

/** The page's "Add Supplier" button and its dialog. */
export function AddSupplierDialog() {
  return (
    <FormDialog
      trigger={
        <Button>
          <Plus /> Add Supplier
        </Button>
      }
      title="Add Supplier"
      description="A company the shop buys stock from."
      action={ACTION}
      intent="create"
      schema={supplierSchema}
      submitLabel="Add Supplier"
    >
      {(form) => <SupplierFormFields form={form} idPrefix="new-supplier" />}
    </FormDialog>
  );
}

/** A row's edit button and its dialog, filled in with the supplier's details. */
export function EditSupplierDialog({ supplier }: { supplier: SupplierRow }) {
  return (
    <FormDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Edit ${supplier.name}`}>
          <Pencil />
        </Button>
      }
      title="Edit Supplier"
      description={`Change ${supplier.name}'s details.`}
      action={ACTION}
      intent="update"
      schema={supplierSchema}
      submitLabel="Save Changes"
      resetOnSuccess={false}
    >
      {(form) => (
        <>
          <input type="hidden" name="id" value={supplier.id} />
          <SupplierFormFields form={form} initial={supplier} idPrefix={`supplier-${supplier.id}`} />
        </>
      )}
    </FormDialog>
  );
}
