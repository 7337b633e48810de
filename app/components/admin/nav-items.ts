import {
  BarChart3,
  ClipboardList,
  FileText,
  Inbox,
  LayoutDashboard,
  MapPinned,
  Package,
  ScrollText,
  Settings,
  Contact,
  ShieldCheck,
  ShoppingCart,
  Star,
  Tag,
  Truck,
  Users,
  Warehouse,
  type LucideIcon,
} from "lucide-react";

export type NavItem = {
  title: string;
  url: string;
  icon: LucideIcon;
  /** What the figure beside the entry counts, for screen readers ("new"). */
  countLabel?: string;
  /** Other addresses that belong to the entry's section (Deliveries' zones). */
  also?: string[];
};

/** The "Admin" group of the specification, in its order. */
export const ADMIN_NAV: NavItem[] = [
  { title: "Dashboard", url: "/admin", icon: LayoutDashboard },
  { title: "Products", url: "/admin/products", icon: Package },
  { title: "Inventory", url: "/admin/inventory", icon: Warehouse },
  { title: "Orders", url: "/admin/orders", icon: ShoppingCart },
  { title: "Customers", url: "/admin/customers", icon: Contact },
  {
    title: "Deliveries",
    url: "/admin/deliveries",
    icon: MapPinned,
    also: ["/admin/delivery-zones"],
  },
  { title: "Enquiries", url: "/admin/enquiries", icon: Inbox, countLabel: "new" },
  { title: "Reviews", url: "/admin/reviews", icon: Star, countLabel: "pending" },
  { title: "Invoices", url: "/admin/invoices", icon: FileText },
  { title: "Promotions", url: "/admin/promotions", icon: Tag },
  { title: "Suppliers", url: "/admin/suppliers", icon: Truck },
  { title: "Purchase Orders", url: "/admin/purchase-orders", icon: ClipboardList },
  { title: "Reports", url: "/admin/reports", icon: BarChart3 },
  { title: "Settings", url: "/admin/settings", icon: Settings },
];

/** Only the owner sees these. */
export const OWNER_NAV: NavItem[] = [
  { title: "Team", url: "/admin/team", icon: Users },
  { title: "Audit Log", url: "/admin/audit-log", icon: ScrollText },
  { title: "Privacy Requests", url: "/admin/privacy", icon: ShieldCheck },
];

export const SIDEBAR_COOKIE = "admin_sidebar";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

/** Reads the sidebar's saved state from a Cookie header: open unless saved as collapsed. */
export function sidebarOpenFromCookie(cookieHeader: string | null): boolean {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=([^;]*)`));
  return match?.[1] !== "collapsed";
}
