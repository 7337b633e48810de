import { Pencil, Plus } from "lucide-react";
import { FormDialog } from "~/components/admin/form-dialog";
import { Button } from "~/components/admin/ui/button";
import type { ZoneRow } from "~/domain/delivery/zone-list";
import { zoneSchema } from "~/domain/delivery/zone-schemas";
import { ZoneFormFields } from "./zone-form-fields";

const ACTION = "/admin/delivery-zones";

/** The page's "Add Zone" button and its dialog. */
export function AddZoneDialog() {
  return (
    <FormDialog
      trigger={
        <Button>
          <Plus /> Add Zone
        </Button>
      }
      title="Add Zone"
      description="An area the truck delivers to, and what delivery there costs."
      action={ACTION}
      intent="create"
      schema={zoneSchema}
      submitLabel="Add Zone"
      wide
    >
      {(form) => <ZoneFormFields form={form} idPrefix="new-zone" />}
    </FormDialog>
  );
}

/** A row's edit button and its dialog, filled in with the zone's terms. */
export function EditZoneDialog({ zone }: { zone: ZoneRow }) {
  return (
    <FormDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Edit ${zone.name}`}>
          <Pencil />
        </Button>
      }
      title="Edit Zone"
      description={`Change where ${zone.name} covers and what delivery there costs.`}
      action={ACTION}
      intent="update"
      schema={zoneSchema}
      submitLabel="Save Changes"
      resetOnSuccess={false}
      wide
    >
      {(form) => (
        <>
          <input type="hidden" name="id" value={zone.id} />
          <ZoneFormFields form={form} initial={zone} idPrefix={`zone-${zone.id}`} />
        </>
      )}
    </FormDialog>
  );
}
