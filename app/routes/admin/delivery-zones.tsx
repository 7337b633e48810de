import { CheckCircle2, Gift, MapPinned, Zap } from "lucide-react";
import { useZoneStatusToasts, zoneColumns } from "~/components/admin/delivery/zone-columns";
import { DeliveryTabs } from "~/components/admin/delivery/delivery-tabs";
import { AddZoneDialog } from "~/components/admin/delivery/zone-dialogs";
import { ListCard } from "~/components/admin/list/list-card";
import { ListEmpty } from "~/components/admin/list/list-toolbar";
import { StatCard } from "~/components/admin/stat-card";
import { ZONE_LIST } from "~/domain/delivery/zone-list";
import { zoneSchema } from "~/domain/delivery/zone-schemas";
import { listZones } from "~/domain/delivery/zones-list.server";
import { createZone, setZoneActive, updateZone } from "~/domain/delivery/zones.server";
import { attempt, invalid, refused, succeeded } from "~/lib/actions.server";
import { parseDbId } from "~/lib/db-ids";
import { parseForm } from "~/lib/forms";
import { readListParams, statusChoices } from "~/lib/list-params";
import { readForm, readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/delivery-zones";

export const meta: Route.MetaFunction = () => [{ title: "Delivery Zones | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const params = readListParams(ZONE_LIST, readSearchParams(request));
  return { params, canManage: user.role === "owner", ...(await listZones({ params })) };
}

const INTENTS = new Set(["create", "update", "deactivate", "reactivate"]);

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const id = parseDbId(formData.get("id"));
  if (!INTENTS.has(intent) || (intent !== "create" && id === null)) {
    return refused(400, { title: "Error", description: "Unknown request." }, formData);
  }
  if (intent === "deactivate" || intent === "reactivate") {
    const active = intent === "reactivate";
    return attempt(formData, async () => {
      const { zone } = await setZoneActive({ id: id!, active, actor });
      return active
        ? succeeded("Zone Reactivated", `Checkout delivers to ${zone.name} again.`)
        : succeeded(
            "Zone Deactivated",
            `Checkout no longer matches addresses to ${zone.name}; orders already placed keep their fee.`,
          );
    });
  }
  const parsed = parseForm(zoneSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    if (intent === "create") {
      const zone = await createZone({ input: parsed.data, actor });
      return succeeded("Zone Added", `Checkout now prices delivery to ${zone.name}.`);
    }
    const { zone, changed } = await updateZone({ id: id!, input: parsed.data, actor });
    return succeeded(
      "Zone Updated",
      changed ? `${zone.name}'s delivery terms are saved.` : "Nothing had changed.",
    );
  });
}

export default function DeliveryZonesPage({ loaderData: d }: Route.ComponentProps) {
  useZoneStatusToasts();
  const { summary, canManage } = d;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-muted-foreground">Deliveries</p>
          <h1 className="text-2xl font-bold">Delivery Zones</h1>
          <p className="text-muted-foreground">
            Where the truck delivers and what it costs. Checkout uses the most specific zone for an
            address (postal code, then town, then province); an address outside every active zone is
            told the shop quotes its delivery.
          </p>
        </div>
        {canManage && <AddZoneDialog />}
      </div>
      <DeliveryTabs />
      {summary.active === 0 ? (
        <p role="status" className="rounded-md border p-3 text-sm">
          No zone is active: checkout charges the shop&apos;s own delivery rates (Settings) to every
          address until one is.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard index={0} title="Total Zones" value={summary.total} icon={MapPinned} />
        <StatCard
          index={1}
          title="Active Zones"
          value={summary.active}
          note={`${summary.total - summary.active} inactive`}
          icon={CheckCircle2}
        />
        <StatCard
          index={2}
          title="With Free Delivery"
          value={summary.freeSomewhere}
          note="Active zones free from an order value"
          icon={Gift}
        />
        <StatCard
          index={3}
          title="With Express"
          value={summary.express}
          note="Active zones that offer express"
          icon={Zap}
        />
      </div>
      <ListCard
        title="Zones"
        noun="zones"
        spec={ZONE_LIST}
        params={d.params}
        page={d}
        columns={zoneColumns(canManage)}
        rowKey={(z) => z.id}
        rowTestId="zone-row"
        toolbar={{
          searchLabel: "Search zones",
          placeholder: "Search by name, postal code, town or province...",
          statusOptions: statusChoices(ZONE_LIST.statuses),
          exportTo: "/admin/delivery-zones/export",
        }}
        empty={
          <ListEmpty
            title="No zones found"
            description={
              d.params.q || d.params.status !== "all"
                ? "No zone matches this search or filter."
                : "Add the first zone the truck delivers to."
            }
          />
        }
      />
      {!canManage && (
        <p className="text-sm text-muted-foreground">
          Only the owner adds, changes and deactivates delivery zones.
        </p>
      )}
    </div>
  );
}
