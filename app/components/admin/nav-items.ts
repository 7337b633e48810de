import {
  BarChart3,
  ClipboardList,
  FileText,
  Inbox,
  LayoutDashboard,
  Package,
  ScrollText,
  Settings,
  ShieldCheck,
  ShoppingCart,
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
  ready: boolean;
  /** What the figure beside the entry counts, for screen readers ("new"). */
  countLabel?: string;
};

/**
 * The "Admin" group of the specification, in its order. Pages that later issues build are
 * shown as "coming soon", not linked: no page here shows sample data.
 */
export const ADMIN_NAV: NavItem[] = [
  { title: "Dashboard", url: "/admin", icon: LayoutDashboard, ready: true },
  { title: "Products", url: "/admin/products", icon: Package, ready: true },
  { title: "Inventory", url: "/admin/inventory", icon: Warehouse, ready: true },
  { title: "Orders", url: "/admin/orders", icon: ShoppingCart, ready: true },
  { title: "Enquiries", url: "/admin/enquiries", icon: Inbox, ready: true, countLabel: "new" },
  { title: "Invoices", url: "/admin/invoices", icon: FileText, ready: true },
  { title: "Promotions", url: "/admin/promotions", icon: Tag, ready: true },
  { title: "Suppliers", url: "/admin/suppliers", icon: Truck, ready: true },
  { title: "Purchase Orders", url: "/admin/purchase-orders", icon: ClipboardList, ready: true },
  { title: "Reports", url: "/admin/reports", icon: BarChart3, ready: true },
  { title: "Settings", url: "/admin/settings", icon: Settings, ready: true },
];

/** Only the owner sees these. */
export const OWNER_NAV: NavItem[] = [
  { title: "Team", url: "/admin/team", icon: Users, ready: true },
  { title: "Audit Log", url: "/admin/audit-log", icon: ScrollText, ready: true },
  { title: "Privacy Requests", url: "/admin/privacy", icon: ShieldCheck, ready: true },
];

export const SIDEBAR_COOKIE = "admin_sidebar";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

/** Reads the sidebar's saved state from a Cookie header: open unless saved as collapsed. */
export function sidebarOpenFromCookie(cookieHeader: string | null): boolean {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=([^;]*)`));
  return match?.[1] !== "collapsed";
}
