import { Mail, Repeat, UserCheck, Users } from "lucide-react";
import { CUSTOMER_COLUMNS } from "~/components/admin/customers/customer-columns";
import { ListCard } from "~/components/admin/list/list-card";
import { ListEmpty } from "~/components/admin/list/list-toolbar";
import { StatCard } from "~/components/admin/stat-card";
import { CONSENT_CHOICES, CUSTOMER_LIST, KIND_CHOICES } from "~/domain/customers/customer-list";
import { customerTagNames, listCustomers } from "~/domain/customers/list-customers.server";
import { readListParams } from "~/lib/list-params";
import { readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/customers";

export const meta: Route.MetaFunction = () => [{ title: "Customers | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = readListParams(CUSTOMER_LIST, readSearchParams(request));
  const [page, tags] = await Promise.all([listCustomers({ params }), customerTagNames()]);
  return { params, tags, ...page };
}

export default function CustomersPage({ loaderData: d }: Route.ComponentProps) {
  const { summary } = d;
  const filtered = d.params.q || d.params.filters;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Customers</h1>
        <p className="text-muted-foreground">
          Everyone who has ordered or holds an account, one row per person, with what they have
          spent after refunds.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard index={0} title="Total Customers" value={summary.total} icon={Users} />
        <StatCard
          index={1}
          title="With an Account"
          value={summary.accounts}
          note={`${summary.total - summary.accounts} guests`}
          icon={UserCheck}
        />
        <StatCard index={2} title="Ordered More Than Once" value={summary.repeat} icon={Repeat} />
        <StatCard
          index={3}
          title="Marketing Consent"
          value={summary.marketing}
          note="Confirmed newsletter sign-ups"
          icon={Mail}
        />
      </div>
      <ListCard
        title="Customers"
        noun="customers"
        spec={CUSTOMER_LIST}
        params={d.params}
        page={d}
        columns={CUSTOMER_COLUMNS}
        rowKey={(c) => c.ref}
        rowTestId="customer-row"
        toolbar={{
          searchLabel: "Search customers",
          placeholder: "Search by name, e-mail or phone...",
          filters: [
            {
              name: "kind",
              label: "Account or guest",
              allLabel: "Accounts and guests",
              options: KIND_CHOICES,
            },
            {
              name: "consent",
              label: "Marketing consent",
              allLabel: "Any consent",
              options: CONSENT_CHOICES,
            },
            ...(d.tags.length
              ? [
                  {
                    name: "tag",
                    label: "Tag",
                    allLabel: "Any tag",
                    options: d.tags.map((t) => ({ value: t.toLowerCase(), label: t })),
                  },
                ]
              : []),
          ],
          exportTo: "/admin/customers/export",
        }}
        empty={
          <ListEmpty
            title="No customers found"
            description={
              filtered
                ? "No customer matches this search or filter."
                : "Customers appear here when someone orders or opens an account."
            }
          />
        }
      />
    </div>
  );
}
