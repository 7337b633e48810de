import { ListTabs } from "~/components/admin/list/list-tabs";

/** The orders section's lists: every order, and the lay-by plans among them. */
export function OrderTabs({ inArrears = 0 }: { inArrears?: number }) {
  return (
    <ListTabs
      label="Orders"
      tabs={[
        { to: "/admin/orders", label: "All orders", end: true },
        {
          to: "/admin/orders/layby",
          label: "Lay-by",
          count: inArrears,
          countLabel: "in arrears",
        },
      ]}
    />
  );
}
